import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const MAP_FEATURE = /[\\/]features[\\/]map[\\/]/;
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
