import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const MAP_FEATURE = /[\\/]features[\\/]map[\\/]/;

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/api': 'http://localhost:3000' },
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
