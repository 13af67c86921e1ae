// Starts the web app's scripts once the page has painted (see build/scriptsAfterFirstPaint.ts):
// the module preloads the build listed, then the entry module.
(function () {
  var boot = document.currentScript;
  function start() {
    (boot.dataset.preload || '').split(' ').forEach(function (href) {
      if (!href) return;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var entry = document.createElement('script');
    entry.type = 'module';
    entry.crossOrigin = '';
    entry.src = boot.dataset.entry;
    document.head.appendChild(entry);
  }
  // A frame callback runs before the first paint; the task it queues runs after it.
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
})();
