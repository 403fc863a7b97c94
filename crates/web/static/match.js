// The match and chouette pages' replay (docs/web.md): previous and next, the arrow keys and the move
// list step through the boards without reloading; a live match's page polls its small
// version file and reloads itself when the match moves (a viewer in the past, once they
// come back to the end); a link that no longer works (revoked) and a chouette that has
// ended stop the polling and say so. No inline script: the CSP allows only this
// server's files.
"use strict";
(function () {
  var main = document.getElementById("match");
  if (!main) return;
  // The page's address: a match's (/m/TOKEN) or a chouette's (/c/TOKEN).
  var path = main.dataset.path || "/m/" + main.dataset.token;
  var count = Number(main.dataset.count);
  var board = document.getElementById("board");
  var prev = document.getElementById("prev");
  var next = document.getElementById("next");
  var step = document.getElementById("step");
  var score = document.getElementById("score");
  var items = document.querySelectorAll("#moves li");
  var at = 0;
  // The match moved while the viewer was stepping through the past: the end they come
  // back to is the new one.
  var stale = false;
  items.forEach(function (li) {
    if (li.classList.contains("current")) at = Number(li.dataset.n);
  });

  function link(a, n) {
    if (n >= 0 && n < count) {
      a.setAttribute("href", "?n=" + n);
      a.removeAttribute("aria-disabled");
    } else {
      a.removeAttribute("href");
      a.setAttribute("aria-disabled", "true");
    }
  }

  function show(n) {
    if (stale && n >= count - 1) { location.replace(path); return; }
    if (!board || n < 0 || n >= count || n === at) return;
    at = n;
    board.src = path + "/board/" + n + ".png";
    board.alt = "The board at step " + (n + 1);
    step.textContent = "Step " + (n + 1) + " of " + count;
    items.forEach(function (li) {
      var here = Number(li.dataset.n) === n;
      li.classList.toggle("current", here);
      if (here) {
        li.setAttribute("aria-current", "step");
        score.textContent = li.dataset.score;
        li.scrollIntoView({ block: "nearest" });
      } else {
        li.removeAttribute("aria-current");
      }
    });
    link(prev, n - 1);
    link(next, n + 1);
    history.replaceState(null, "", "?n=" + n);
  }

  function clicked(delta) {
    return function (e) {
      e.preventDefault();
      show(at + delta);
    };
  }
  if (prev) prev.addEventListener("click", clicked(-1));
  if (next) next.addEventListener("click", clicked(1));
  items.forEach(function (li) {
    li.addEventListener("click", function (e) {
      e.preventDefault();
      show(Number(li.dataset.n));
    });
  });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === "ArrowLeft") { e.preventDefault(); show(at - 1); }
    else if (e.key === "ArrowRight") { e.preventDefault(); show(at + 1); }
    else if (e.key === "Home") { e.preventDefault(); show(0); }
    else if (e.key === "End") { e.preventDefault(); show(count - 1); }
  });

  // A live match: poll its version every few seconds; when it moves, show the new last
  // board (a viewer stepping through the past stays where they are until they come back
  // to the end). A link that finds nothing any more (revoked): stop, and say so. A
  // chouette that has ended (everyone left: its version answer says `ended`): stop, and
  // say so (a page loaded after the end is not live and says so itself).
  if (main.dataset.live !== "1") return;
  var version = main.dataset.version;
  function gone() {
    var note = document.createElement("p");
    note.id = "gone";
    note.setAttribute("role", "status");
    note.textContent = "This page's link no longer works (it was revoked): the page is " +
      "not updated any more.";
    main.insertBefore(note, main.firstChild);
  }
  function ended() {
    var note = document.createElement("p");
    note.id = "ended";
    note.setAttribute("role", "status");
    note.textContent = "This chouette has ended (everyone left): the page is not " +
      "updated any more.";
    var h1 = main.querySelector("h1");
    main.insertBefore(note, h1 ? h1.nextSibling : main.firstChild);
  }
  function poll() {
    fetch(path + "/version.json", { cache: "no-store" })
      .then(function (r) {
        if (r.status === 404) { gone(); return; }
        if (!r.ok) { setTimeout(poll, 10000); return; }
        return r.json().then(function (v) {
          if (String(v.version) !== version) {
            if (count === 0 || at === count - 1) { location.replace(path); return; }
            version = String(v.version);
            stale = true;
          }
          if (v.ended) { ended(); return; }
          setTimeout(poll, 3000);
        });
      })
      .catch(function () { setTimeout(poll, 10000); });
  }
  setTimeout(poll, 3000);
})();
