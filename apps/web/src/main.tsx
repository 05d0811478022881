import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import { App } from './app/App';
import { keepLibraryNamesInPtBr } from './shared/a11y/libraryNames';
import './styles.css';

dayjs.locale('pt-br');
// antd's own English names, where it has no option for them (app/antdIcons.tsx has the options).
keepLibraryNamesInPtBr(document.body);

const root = document.getElementById('root');
if (!root) throw new Error('Elemento #root ausente');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
