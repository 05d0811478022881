#!/bin/sh
# How the GDAL-made variants in this folder were written (GDAL 3.6.2 / PROJ 9.1.1, Debian's gdal-bin).
# Run from testdata/imagery; the tests only read the committed files and never need GDAL.
set -eu
C=colorado_hro_rgb_0.15m_nad83_utm13n.tif
L=landsat7_rgb_lzw_tiled_utm18n.tif
# Bands stored blue, green, red; the colours only in GDAL's COLORINTERP metadata.
gdal_translate -q -b 3 -b 2 -b 1 -colorinterp blue,green,red -co COMPRESS=DEFLATE $C colorado_hro_rgb_0.15m_bgr_colorinterp.tif
# A JPEG COG whose nodata collar became GDAL's internal 1-bit mask (NewSubfileType = 4).
gdal_translate -q -b 1 -b 2 -b 3 -b mask -a_nodata none $L /tmp/alpha0.tif
gdal_translate -q -colorinterp red,green,blue,alpha /tmp/alpha0.tif /tmp/alpha.tif
gdal_translate -q -of COG -co COMPRESS=JPEG -co QUALITY=85 /tmp/alpha.tif landsat7_rgb_jpeg_cog_internal_mask_utm18n.tif
# The Colorado pixels given Brazilian georeferences (the CRS tests need Brazil; the picture is Colorado's).
W="-srcwin 100 60 128 96 -a_ullr 333000 7375014.4 333019.2 7375000 -co COMPRESS=DEFLATE"
gdal_translate -q $W -a_srs EPSG:29193 $C colorado_pixels_sad69_utm23s.tif
gdal_translate -q $W -a_srs EPSG:22523 $C colorado_pixels_corrego_alegre_utm23s.tif
gdal_translate -q $W -a_srs EPSG:31983 $C /tmp/sirgas_small.tif
gdalwarp -q -r bilinear -co COMPRESS=DEFLATE -t_srs \
  "+proj=aea +lat_0=-12 +lon_0=-54 +lat_1=-2 +lat_2=-22 +x_0=5000000 +y_0=10000000 +ellps=GRS80 +units=m +no_defs" \
  /tmp/sirgas_small.tif colorado_pixels_albers_user_defined.tif
gdal_translate -q -a_srs EPSG:31983 -a_ullr 333000 7375034.8 333057.45 7375000 -co COMPRESS=DEFLATE $C /tmp/sirgas.tif
gdal_translate -q -srcwin 0 0 200 232 -co COMPRESS=DEFLATE /tmp/sirgas.tif colorado_pixels_sirgas_utm23s_west_half.tif
gdal_translate -q -srcwin 200 0 183 232 -co COMPRESS=DEFLATE /tmp/sirgas.tif colorado_pixels_sirgas_utm23s_east_half.tif
gdal_translate -q -a_srs EPSG:31982 -a_ullr 407700 7412650 407757.45 7412615.2 -co COMPRESS=DEFLATE $C colorado_pixels_sirgas_utm22s_maringa.tif
# The SpaceNet Rio tile's pixels (0.5 m) placed over the committed São Paulo lots (SIRGAS 2000 / UTM 23S), so that
# a browser test uploads a small real image its imported lots lie under (the picture is Rio's, not São Paulo's).
gdal_translate -q -a_srs EPSG:31983 -a_ullr 319900 7375450 320119 7375247 -co COMPRESS=DEFLATE \
  ../labelled/spacenet_rio_img52_rgb_0.5m_epsg4326.tif spacenet_rio_pixels_sirgas_utm23s_saopaulo_lots.tif
# The same SpaceNet pixels moved 6.3 m east and 4.1 m south (the georeference only): the browser test of the scene
# alignment uploads it after the file above and accepts the offset Mirante proposes to undo the move.
gdal_translate -q -a_ullr 319906.3 7375445.9 320125.3 7375242.9 -co COMPRESS=DEFLATE \
  spacenet_rio_pixels_sirgas_utm23s_saopaulo_lots.tif spacenet_rio_pixels_sirgas_utm23s_moved_6.3m_east_4.1m_south.tif
