import { Collapse } from 'antd';
import { gisUrls } from '../gisUrls';
import { GIS_KEY_TEXTS } from '../texts';
import { CopyField } from './CopyField';

/** The selected project's WMTS and OGC API addresses, and the steps to add them to QGIS (the in-app help). */
export function GisAddresses({ projectId, projectName }: { projectId: number; projectName: string }) {
  const urls = gisUrls(window.location.origin, projectId);
  return (
    <section className="gis-keys__addresses" aria-label={GIS_KEY_TEXTS.addressesTitle}>
      <h2 className="gis-keys__heading">
        {GIS_KEY_TEXTS.addressesTitle}: {projectName}
      </h2>
      <p className="page-card__intro">{GIS_KEY_TEXTS.addressesIntro}</p>
      <div className="gis-keys__field">
        WMTS: imagens publicadas, uma camada por data
        <CopyField label="Endereço WMTS" value={urls.wmts} />
      </div>
      <div className="gis-keys__field">
        OGC API – Features: lotes, quadras, etapas, anotações e polígonos
        <CopyField label="Endereço OGC API – Features" value={urls.features} />
      </div>
      <Collapse
        size="small"
        items={[
          {
            key: 'qgis',
            label: GIS_KEY_TEXTS.helpTitle,
            children: (
              <ol className="gis-keys__help">
                <li>Crie uma chave acima e copie-a (ela só aparece uma vez).</li>
                <li>
                  Imagens: no QGIS, Camada › Adicionar camada › Adicionar camada WMS/WMTS › Nova. Cole o
                  endereço WMTS, e em Autenticação › Básica informe qualquer usuário e a chave como senha (ou
                  cole o endereço com ?key= que aparece ao criar a chave). Conecte e escolha a data da imagem.
                </li>
                <li>
                  Camadas: Camada › Adicionar camada › Adicionar camada WFS / OGC API – Features › Nova. Cole
                  o endereço OGC API – Features, com a mesma autenticação. As coleções (lotes, quadras…) vêm
                  em WGS 84 com os atributos em português.
                </li>
                <li>
                  No GDAL: gdalinfo &quot;WMTS:endereço-WMTS-com-a-chave&quot; e ogrinfo
                  &quot;OAPIF:endereço-OGC-API-com-a-chave&quot;.
                </li>
                <li>Revogue a chave aqui quando não precisar mais dela: o acesso termina na hora.</li>
              </ol>
            ),
          },
        ]}
      />
    </section>
  );
}
