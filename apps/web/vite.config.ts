import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The map feature and the map pages the app composes from it (`app/map/`). */
const MAP_FEATURE = /[\\/](features|app)[\\/]map[\\/]/;
/**
 * jsPDF's optional helpers for its HTML and SVG rendering (`doc.html()`, `addSvgAsImage`), imported lazily by it and
 * never called by the map's PDF export (an image and text): left out of the build (~380 KB of chunks) instead of
 * shipped unused. A call to those jsPDF methods would fail to load them.
 */
const JSPDF_UNUSED_HELPERS = ['html2canvas', 'dompurify', 'canvg'];
/** The API server `npm run dev` starts beside Vite (its PORT, 3000 by default). */
const API_SERVER = `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [react()],
  server: {
    // Everything the server answers that is not the web app: the API (and its docs) and the imagery tiles.
    proxy: { '/api': API_SERVER, '/tiles': API_SERVER },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      external: JSPDF_UNUSED_HELPERS,
      output: {
        // Lazy map chunks carry a recognisable prefix so tests can assert the login page never fetches them.
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId && MAP_FEATURE.test(chunk.facadeModuleId)
            ? 'assets/map-[name]-[hash].js'
            : 'assets/[name]-[hash].js',
      },
    },
  },
});
