import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// Placeholder until the web-shell issue builds the application shell on this entry point.
function App() {
  return (
    <main>
      <h1>Components Master</h1>
    </main>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
