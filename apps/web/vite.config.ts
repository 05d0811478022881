import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

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
  // Each built file over 1 KB also as .br (quality 11) and .gz beside it, sent as they are by the server: about a
  // fifth fewer bytes than compressing on request at the fast levels it can afford, and no CPU spent per request.
  plugins: [
    react(),
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'silent' }),
  ],
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
