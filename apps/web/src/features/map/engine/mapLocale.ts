/**
 * MapLibre's own texts in pt-BR (its defaults are English): the canvas's screen-reader name ('Map') and the
 * controls' titles, should a control be added.
 */
export const MAP_LOCALE_PT_BR = {
  'AttributionControl.ToggleAttribution': 'Mostrar ou ocultar a atribuição',
  'AttributionControl.MapFeedback': 'Comentários sobre o mapa',
  'FullscreenControl.Enter': 'Tela cheia',
  'FullscreenControl.Exit': 'Sair da tela cheia',
  'GeolocateControl.FindMyLocation': 'Encontrar minha localização',
  'GeolocateControl.LocationNotAvailable': 'Localização indisponível',
  'LogoControl.Title': 'Logotipo do MapLibre',
  'Map.Title': 'Mapa',
  'Marker.Title': 'Marcador',
  'NavigationControl.ResetBearing': 'Voltar o norte para cima',
  'NavigationControl.ZoomIn': 'Aproximar',
  'NavigationControl.ZoomOut': 'Afastar',
  'Popup.Close': 'Fechar',
  'ScaleControl.Feet': 'pés',
  'ScaleControl.Meters': 'm',
  'ScaleControl.Kilometers': 'km',
  'ScaleControl.Miles': 'mi',
  'ScaleControl.NauticalMiles': 'mn',
  'GlobeControl.Enable': 'Ativar o globo',
  'GlobeControl.Disable': 'Desativar o globo',
  'TerrainControl.Enable': 'Ativar o relevo',
  'TerrainControl.Disable': 'Desativar o relevo',
  'CooperativeGesturesHandler.WindowsHelpText': 'Use Ctrl + rolagem para aproximar o mapa',
  'CooperativeGesturesHandler.MacHelpText': 'Use ⌘ + rolagem para aproximar o mapa',
  'CooperativeGesturesHandler.MobileHelpText': 'Use dois dedos para mover o mapa',
} as const;
