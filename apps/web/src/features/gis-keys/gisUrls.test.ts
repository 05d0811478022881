import { describe, expect, it } from 'vitest';
import { gisUrls } from './gisUrls';

describe('gisUrls', () => {
  it('gives the WMTS capabilities and the OGC API landing page of a project', () => {
    expect(gisUrls('https://mirante.exemplo', 7)).toEqual({
      wmts: 'https://mirante.exemplo/gis/project/7/wmts/1.0.0/WMTSCapabilities.xml',
      features: 'https://mirante.exemplo/gis/project/7/ogc',
    });
  });

  it('puts the key, encoded, in the query', () => {
    expect(gisUrls('http://localhost:3000', 2, 'mgk_a+b').wmts).toBe(
      'http://localhost:3000/gis/project/2/wmts/1.0.0/WMTSCapabilities.xml?key=mgk_a%2Bb',
    );
  });
});
