// The server-drawn pages' file fields (certificates/verify-page.ts, fileField): the chosen
// file's name written beside the 选择文件 button, in place of 未选择文件.
(function () {
  document.querySelectorAll('.file-field input[type=file]').forEach(function (input) {
    var name = document.getElementById(input.getAttribute('aria-describedby'));
    input.addEventListener('change', function () {
      var files = Array.prototype.map.call(input.files || [], function (file) {
        return file.name;
      });
      name.textContent = files.length ? files.join('，') : '未选择文件';
    });
  });
})();
