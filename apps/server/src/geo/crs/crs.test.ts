import { describe, expect, it } from 'vitest';
import { crsFromEpsg, crsFromGeoKeys, crsFromWkt, CrsError } from '.';

/** Metres between two lon/lat points (short distances). */
function metresBetween([lon1, lat1]: [number, number], [lon2, lat2]: [number, number]): number {
  const rad = Math.PI / 180;
  const dx = (lon2 - lon1) * rad * 6_378_137 * Math.cos(lat1 * rad);
  const dy = (lat2 - lat1) * rad * 6_378_137;
  return Math.hypot(dx, dy);
}

// References: PROJ 9.1.1 `cs2cs -f %.10f EPSG:… EPSG:4326` with PROJ-data's br_ibge grids installed.
describe('legacy Brazilian datums with IBGE grids', () => {
  it.each([
    [29193, 333_000, 7_375_000, -46.6387695635, -23.727699327], // SAD69 / UTM 23S
    [29192, 200_000, 7_000_000, -54.0258171903, -27.0902092249], // SAD69 / UTM 22S
    [22523, 333_000, 7_375_000, -46.6385910022, -23.727373537], // Córrego Alegre 1970-72 / UTM 23S
    [22522, 200_000, 7_000_000, -54.0258728778, -27.0898815806], // Córrego Alegre 1970-72 / UTM 22S
    [29101, 5_000_000, 7_400_000, -54.0004993354, -23.5011197945], // SAD69 / Brazil Polyconic
  ])('EPSG:%i lands where PROJ puts it', (code, x, y, lon, lat) => {
    const crs = crsFromEpsg(code);
    const result = crs.toLonLat(x, y);
    expect(metresBetween(result, [lon, lat])).toBeLessThan(0.001);
    const [bx, by] = crs.fromLonLat(...result);
    expect(Math.hypot(bx - x, by - y)).toBeLessThan(0.001);
    expect(crs.legacyDatum).not.toBeNull();
  });

  it('differs from the continental SAD69 shift epsg-index carries (the old 5 m error)', () => {
    const grid = crsFromEpsg(29193).toLonLat(333_000, 7_375_000);
    const helmert = crsFromWkt(
      'PROJCS["x",GEOGCS["x",DATUM["x",SPHEROID["GRS 1967 Modified",6378160,298.25],TOWGS84[-57,1,-41,0,0,0,0]],' +
        'PRIMEM["Greenwich",0],UNIT["degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],' +
        'PARAMETER["latitude_of_origin",0],PARAMETER["central_meridian",-45],PARAMETER["scale_factor",0.9996],' +
        'PARAMETER["false_easting",500000],PARAMETER["false_northing",10000000],UNIT["metre",1]]',
    ).toLonLat(333_000, 7_375_000);
    expect(metresBetween(grid, helmert)).toBeGreaterThan(3);
  });

  it('reads an ESRI .prj in SAD69 with the grid (no EPSG code in it)', () => {
    const crs = crsFromWkt(
      'PROJCS["SAD_1969_UTM_Zone_23S",GEOGCS["GCS_South_American_1969",DATUM["D_South_American_1969",' +
        'SPHEROID["GRS_1967_Truncated",6378160.0,298.25]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],' +
        'PROJECTION["Transverse_Mercator"],PARAMETER["False_Easting",500000.0],PARAMETER["False_Northing",10000000.0],' +
        'PARAMETER["Central_Meridian",-45.0],PARAMETER["Scale_Factor",0.9996],PARAMETER["Latitude_Of_Origin",0.0],' +
        'UNIT["Meter",1.0]]',
    );
    expect(crs.legacyDatum).toBe('SAD69');
    expect(metresBetween(crs.toLonLat(333_000, 7_375_000), [-46.6387695635, -23.727699327])).toBeLessThan(
      0.01,
    );
  });

  it('uses an EPSG authority found in WKT', () => {
    const crs = crsFromWkt(
      'PROJCS["SIRGAS 2000 / UTM zone 23S",GEOGCS["SIRGAS 2000",DATUM["Sistema_de_Referencia_Geocentrico_para_las_AmericaS_2000",' +
        'SPHEROID["GRS 1980",6378137,298.257222101]],PRIMEM["Greenwich",0],UNIT["degree",0.0174532925199433]],' +
        'PROJECTION["Transverse_Mercator"],PARAMETER["latitude_of_origin",0],PARAMETER["central_meridian",-45],' +
        'PARAMETER["scale_factor",0.9996],PARAMETER["false_easting",500000],PARAMETER["false_northing",10000000],' +
        'UNIT["metre",1],AUTHORITY["EPSG","31983"]]',
    );
    expect(crs.epsg).toBe(31983);
  });
});

describe('user-defined CRSs', () => {
  it('reads a user-defined Albers written as GeoKeys (as GDAL writes it)', () => {
    const crs = crsFromGeoKeys({
      GTModelTypeGeoKey: 1,
      GeographicTypeGeoKey: 4326,
      ProjectedCSTypeGeoKey: 32767,
      ProjectionGeoKey: 32767,
      ProjCoordTransGeoKey: 11,
      ProjLinearUnitsGeoKey: 9001,
      ProjStdParallel1GeoKey: 29.5,
      ProjStdParallel2GeoKey: 45.5,
      ProjNatOriginLongGeoKey: -96,
      ProjNatOriginLatGeoKey: 23,
      ProjFalseEastingGeoKey: 0,
      ProjFalseNorthingGeoKey: 0,
    });
    expect(crs.epsg).toBeNull();
    // cs2cs "+proj=aea +lat_1=29.5 +lat_2=45.5 +lat_0=23 +lon_0=-96 +datum=WGS84" EPSG:4326
    expect(metresBetween(crs.toLonLat(1_000_000, 1_000_000), [-85.4008849152, 31.57257302])).toBeLessThan(
      0.001,
    );
  });

  it('reads an ESRI PE string from the citation GeoKeys', () => {
    const crs = crsFromGeoKeys({
      GTModelTypeGeoKey: 32767,
      PCSCitationGeoKey:
        'ESRI PE String = PROJCS["USA_Contiguous_Albers_Equal_Area_Conic_USGS_version",GEOGCS["GCS_North_American_1983",' +
        'DATUM["D_North_American_1983",SPHEROID["GRS_1980",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],' +
        'UNIT["Degree",0.017453292519943295]],PROJECTION["Albers"],PARAMETER["false_easting",0.0],' +
        'PARAMETER["false_northing",0.0],PARAMETER["central_meridian",-96.0],PARAMETER["standard_parallel_1",29.5],' +
        'PARAMETER["standard_parallel_2",45.5],PARAMETER["latitude_of_origin",23.0],UNIT["Meter",1.0]]',
    });
    expect(metresBetween(crs.toLonLat(1_000_000, 1_000_000), [-85.4008849152, 31.57257302])).toBeLessThan(
      0.01,
    );
  });

  it('refuses GeoKeys it cannot read, and unknown codes, with pt-BR messages', () => {
    expect(() => crsFromGeoKeys({ GTModelTypeGeoKey: 1, ProjectedCSTypeGeoKey: 32767 })).toThrow(CrsError);
    expect(() => crsFromEpsg(999_999)).toThrow('EPSG:999999 desconhecido');
    expect(() => crsFromWkt('isto não é WKT')).toThrow('não foi reconhecido');
  });
});
