import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // Workspace packages are consumed from their TypeScript sources.
    conditions: ['source'],
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
