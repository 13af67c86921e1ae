import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { codeSplitting } from './build/chunks';
import { memberSessionFlag } from './build/memberSessionFlag';
import { scriptsAfterFirstPaint } from './build/scriptsAfterFirstPaint';

const api = process.env.API_ORIGIN ?? 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), memberSessionFlag(), scriptsAfterFirstPaint()],
  // The server build (entry-server.tsx, loaded by the API server) needs no copy of public/.
  publicDir: isSsrBuild ? false : 'public',
  // The server build carries its dependencies in production mode, whatever NODE_ENV the API
  // server runs with: antd's class names and React's output must match the browser build's.
  ...(isSsrBuild ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  server: { port: 5173, proxy: { '/api': api, '/uploads': api } },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    // One stylesheet for the whole app, linked from index.html: the pages' CSS modules are in it
    // even though their code loads on demand, so a server-rendered page is styled at first paint.
    cssCodeSplit: false,
    rolldownOptions: { output: { codeSplitting: codeSplitting(Boolean(isSsrBuild)) } },
  },
}));
