/** The steps to read Mirante from QGIS and GDAL with a GIS key (the keys page and the help modal show them). */
export function QgisSteps() {
  return (
    <ol className="gis-keys__help">
      <li>Crie uma chave em Chaves de acesso GIS e copie-a (ela só aparece uma vez).</li>
      <li>
        Imagens: no QGIS, Camada › Adicionar camada › Adicionar camada WMS/WMTS › Nova. Cole o endereço WMTS,
        e em Autenticação › Básica informe qualquer usuário e a chave como senha (ou cole o endereço com ?key=
        que aparece ao criar a chave). Conecte e escolha a data da imagem, ou a camada &quot;Imagem (todas as
        datas)&quot;, cuja data se escolhe pela dimensão de tempo.
      </li>
      <li>
        Camadas: Camada › Adicionar camada › Adicionar camada WFS / OGC API – Features › Nova. Cole o endereço
        OGC API – Features, com a mesma autenticação. As coleções (lotes, quadras…) vêm em WGS 84 com os
        atributos em português.
      </li>
      <li>
        No GDAL: gdalinfo &quot;WMTS:endereço-WMTS-com-a-chave&quot; e ogrinfo
        &quot;OAPIF:endereço-OGC-API-com-a-chave&quot;.
      </li>
      <li>Revogue a chave quando não precisar mais dela: o acesso termina na hora.</li>
    </ol>
  );
}
