// Applies the stored theme before the first paint, so a dark-theme user never sees a light flash.
// A file rather than an inline script: the Content-Security-Policy allows no inline script.
(() => {
  let theme = 'light';
  try {
    theme = localStorage.getItem('theme') || 'light';
  } catch {
    // Storage unavailable: light it is.
  }
  const dark = theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
})();
