/** Texts of the 'Chaves de acesso GIS' page. */
export const GIS_KEY_TEXTS = {
  title: 'Chaves de acesso GIS',
  intro:
    'Uma chave de acesso GIS deixa o QGIS, o ArcGIS ou o GDAL lerem, somente para leitura, as imagens publicadas ' +
    'e as camadas dos seus projetos. Ela vale só para os endereços GIS abaixo, lê apenas o que você pode ver e ' +
    'deixa de funcionar quando expira, quando você a revoga ou se o seu acesso for desativado.',
  empty: 'Nenhuma chave criada',
  loadFailed: 'Não foi possível buscar as suas chaves. Tente novamente.',
  created: 'Chave criada',
  createFailed: 'Falha ao criar a chave:',
  copyNow: 'Copie a chave agora: ela não será mostrada de novo.',
  copied: 'Copiado',
  copyFailed: 'Não foi possível copiar automaticamente: selecione o texto e copie.',
  revokeConfirm: 'Revogar esta chave? Os programas que a usam perdem o acesso na hora.',
  revoked: 'Chave revogada',
  revokeFailed: 'Falha ao revogar a chave:',
  addressesTitle: 'Endereços para o QGIS',
  addressesIntro:
    'Endereços do projeto selecionado. Use a chave como senha (autenticação básica, qualquer usuário) ou ' +
    'acrescente ?key=SUA_CHAVE ao endereço.',
  helpTitle: 'Como adicionar o Mirante ao QGIS',
  wmtsLabel:
    'WMTS: imagens publicadas, uma camada por data e a camada "Imagem (todas as datas)" com a data como tempo',
  featuresLabel: 'OGC API – Features: lotes, quadras, etapas, anotações e polígonos',
  helpEntryTitle: 'Mirante no QGIS e no GDAL (WMTS e OGC API)',
  helpEntryIntro:
    'Os endereços abaixo são do projeto selecionado. O QGIS pede uma chave de acesso GIS: crie-a em ',
} as const;
