import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import { App } from './app/App';
import './styles.css';

dayjs.locale('pt-br');

const root = document.getElementById('root');
if (!root) throw new Error('Elemento #root ausente');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
