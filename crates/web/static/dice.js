// The dice page (docs/web.md): a fair-dice export checked in the browser with WebCrypto,
// the scheme of scripts/verify_dice.py (docs/fair-dice.md), throw by throw: the match's
// own export on load, and any export pasted into the box. Every word goes in as text.
"use strict";
(function () {
  var main = document.getElementById("dice");
  if (!main) return;
  var V1 = "gammonbot-dice-v1", V2 = "gammonbot-dice-v2", N = 4096;
  // Re-synchronising the game's throws with the proven ones after a mismatch (as
  // scripts/verify_dice.py): the nearest place, at most RESYNC throws on in either list,
  // from which the next AGREE pairs agree.
  var RESYNC = 16, AGREE = 4;
  var enc = new TextEncoder();
  var subtle = window.crypto && window.crypto.subtle;

  function field(text) { return "|" + enc.encode(text).length + ":" + text; }
  function message(scheme, id, k, sx, so) {
    if (scheme === V1) return [V1, String(id), String(k), sx, so].join("|");
    return V2 + [String(id), String(k), sx, so].map(field).join("");
  }
  function sha256(b) {
    return subtle.digest("SHA-256", b).then(function (d) { return new Uint8Array(d); });
  }
  function hmac(key, msg) {
    return subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"])
      .then(function (k) { return subtle.sign("HMAC", k, enc.encode(msg)); })
      .then(function (d) { return new Uint8Array(d); });
  }
  async function diceOf(s, id, k, sx, so, count, scheme) {
    var dice = [], msg = message(scheme, id, k, sx, so);
    while (dice.length < count) {
      var bytes = await hmac(s, msg);
      for (var i = 0; i < bytes.length && dice.length < count; i++) {
        if (bytes[i] < 252) dice.push(bytes[i] % 6 + 1);
      }
      msg += "|more";
    }
    return dice;
  }
  function unhex(text, what) {
    if (typeof text !== "string" || !/^[0-9a-fA-F]{64}$/.test(text)) {
      throw new Error(what + " is not 32 bytes of hexadecimal");
    }
    var b = new Uint8Array(32);
    for (var i = 0; i < 32; i++) b[i] = parseInt(text.substr(i * 2, 2), 16);
    return b;
  }
  function same(a, b) {
    if (a.length !== b.length) return false;
    for (var i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }
  function said(dice, what) {
    if (!Array.isArray(dice)) return String(dice);
    if (what === "opening" && dice.length === 2) return dice[0] + " and " + dice[1];
    if (dice.length === 2) return Math.max(dice[0], dice[1]) + "-" + Math.min(dice[0], dice[1]);
    return dice.join("-");
  }

  // Ties the game's throws as played to the throws' places (slots: [k, dice, proven]),
  // one to one, in order, as scripts/verify_dice.py does: after a mismatch, the nearest
  // pair of places (i + a, j + b), a and b at most RESYNC, from which AGREE pairs agree (or
  // both lists end), the fewest skipped first (a == b before a != b); each game throw and
  // throw skipped is one problem (paired while both last: other dice), unless the throw is
  // one not proven (counted already). A nominated throw outside Welsh is one problem.
  function tie(played, slots, welsh, ruleset, ok, note, bad) {
    var game = [], nominations = [];
    played.forEach(function (g, n) {
      if (!g || typeof g !== "object") { bad("game throw " + (n + 1) + ": " + JSON.stringify(g) + " is not a throw"); return; }
      // Welsh: marked true; elsewhere any mark but absent, null or false, or the "what".
      var mark = g.nominated;
      var nominated = welsh ? mark === true
        : (mark !== undefined && mark !== null && mark !== false) || g.what === "nominated";
      (nominated ? nominations : game).push([n + 1, g]);
    });
    function desc(g) {
      return said(Array.isArray(g.dice) ? g.dice : [], g.what) + " (" + g.by + ", " + g.what + (g.play ? ", played " + g.play : "") + ")";
    }
    function agrees(i, j) {
      var d = game[i][1].dice;
      return slots[j][2] && Array.isArray(d) && same(slots[j][1], d);
    }
    function fits(i, j) {
      for (var t = 0; t < AGREE; t++) {
        if (i + t >= game.length || j + t >= slots.length) return i + t >= game.length && j + t >= slots.length;
        if (!agrees(i + t, j + t)) return false;
      }
      return true;
    }
    function resync(i, j) {
      for (var d = 1; d <= RESYNC; d++) {
        for (var e = 0; e <= d; e++) {
          var cands = e ? [[d, d - e], [d - e, d]] : [[d, d]];
          for (var c = 0; c < cands.length; c++) {
            var a = cands[c][0], b = cands[c][1];
            if (i + a <= game.length && j + b <= slots.length && fits(i + a, j + b)) return [a, b];
          }
        }
      }
      return [Math.min(1, game.length - i), Math.min(1, slots.length - j)];
    }
    function nominatedBefore(n) {
      while (nominations.length && (n === null || nominations[0][0] < n)) {
        var m = nominations.shift();
        if (welsh) note("game throw " + m[0] + ": nominated " + desc(m[1]) + ": no dice thrown, no throw proves it");
        else bad("game throw " + m[0] + ": nominated " + desc(m[1]) + ": a nominated throw is Welsh only (rule 21), and this is a " + ruleset + " match");
      }
    }
    function gameThrow(i, j) {
      var n = game[i][0], g = game[i][1];
      nominatedBefore(n);
      if (j === null) { bad("game throw " + n + ": " + desc(g) + " was played but is not among the proven throws"); return; }
      var sl = slots[j];
      if (!sl[2]) note("game throw " + n + ": " + desc(g) + " goes with throw " + sl[0] + ", not proven (above)");
      else if (Array.isArray(g.dice) && same(sl[1], g.dice)) ok("throw " + sl[0] + ": " + desc(g));
      else bad("game throw " + n + ": " + desc(g) + " was played, but throw " + sl[0] + " is " + said(sl[1], g.what), sl[0]);
    }
    function unplayed(j) {
      var sl = slots[j];
      if (sl[2]) bad("throw " + sl[0] + ": " + said(sl[1]) + " was proven but not played in the game", sl[0]);
      else note("throw " + sl[0] + ": not proven (above), and no game throw is tied to it");
    }
    var i = 0, j = 0;
    while (i < game.length || j < slots.length) {
      if (i >= game.length) { unplayed(j); j++; }
      else if (j >= slots.length) { gameThrow(i, null); i++; }
      else if (agrees(i, j)) { gameThrow(i, j); i++; j++; }
      else {
        var ab = resync(i, j);
        for (var t = 0; t < Math.max(ab[0], ab[1]); t++) {
          if (t < ab[0] && t < ab[1]) gameThrow(i + t, j + t);
          else if (t < ab[0]) gameThrow(i + t, null);
          else unplayed(j + t);
        }
        i += ab[0]; j += ab[1];
      }
    }
    nominatedBefore(null);
  }

  // Checks an export (an object) against the anchor as posted; answers
  // { lines: [[ok, text]], problems, firstBad, count, ruleset } (ok: true, false, or null
  // for a note: a line that counts no problem).
  async function verify(ex, posted) {
    var lines = [], problems = 0, firstBad = null;
    function ok(t) { lines.push([true, t]); }
    function note(t) { lines.push([null, t]); }
    function bad(t, k) {
      problems++;
      lines.push([false, t]);
      if (firstBad === null && k !== undefined) firstBad = k;
    }
    if (!ex || typeof ex !== "object") { bad("not a fair-dice export"); return { lines: lines, problems: problems, firstBad: firstBad }; }
    var scheme = ex.scheme;
    if (scheme !== V1 && scheme !== V2) { bad("scheme " + JSON.stringify(scheme) + ": this page checks " + V2 + " and " + V1); return { lines: lines, problems: problems, firstBad: firstBad }; }
    var id = ex.match_id;
    if (typeof id !== "number" && typeof id !== "string") { bad("match_id " + JSON.stringify(id)); return { lines: lines, problems: problems, firstBad: firstBad }; }
    if (posted && ex.anchor !== posted) bad("the export's anchor " + ex.anchor + " is not the anchor posted before the first throw");
    var ruleset = ex.ruleset;
    if (ruleset === undefined || ruleset === null) {
      note("the export names no ruleset: checked as standard (no nominated throws)");
      ruleset = "standard";
    } else if (ruleset !== "standard" && ruleset !== "welsh") {
      bad("ruleset " + JSON.stringify(ruleset) + ": standard or welsh (checked as standard)");
      ruleset = "standard";
    } else {
      ok("ruleset " + ruleset);
    }
    var sx = ex.seed_x, so = ex.seed_o;
    var anchors = {};
    anchors[1] = unhex(ex.anchor, "the anchor");
    (ex.anchors || []).forEach(function (a) {
      if (typeof a.k !== "number" || a.k < 1 || (a.k - 1) % N !== 0) { bad("a later chain starts at throw " + a.k + ", not 4097, 8193, ..."); return; }
      anchors[a.k] = unhex(a.anchor, "the anchor of throw " + a.k);
    });
    var throws = ex.throws || [];
    if (!Array.isArray(throws)) { bad("throws is not a list"); return { lines: lines, problems: problems, firstBad: firstBad }; }
    if (throws.length && (typeof sx !== "string" || typeof so !== "string")) { bad("throws were made but the seeds are missing"); return { lines: lines, problems: problems, firstBad: firstBad }; }
    if (ex.count !== undefined && ex.count !== null && ex.count !== throws.length) bad("the export says " + ex.count + " throws but lists " + throws.length);
    var played = ex.played;
    if ((played === undefined || played === null) && scheme === V2) bad("no game record (\"played\"): the throws cannot be tied to the game");
    // Every throw's place, in order of k: [k, dice, proven]. A throw missing from the
    // numbering or failing its proof keeps its place (a problem counted already), so the
    // throws after it still tie.
    var slots = [], expected = 1, seen = {};
    for (var i = 0; i < throws.length; i++) {
      var t = throws[i], k = t.k, dice = t.dice;
      if (typeof k !== "number") { bad("throw " + JSON.stringify(k) + ": k is not a number"); continue; }
      if (k !== expected) {
        if (k < expected) { bad("throw " + k + " again (or out of order) where throw " + expected + " was due", k); continue; }
        bad("throw " + k + " comes where throw " + expected + " was due: throw" + (k - expected > 1 ? "s " : " ") + expected + (k - expected > 1 ? " to " + (k - 1) : "") + " missing", expected);
        for (var m = expected; m < k; m++) slots.push([m, null, false]);
      }
      expected = k + 1;
      var first = Math.floor((k - 1) / N) * N + 1, place = k - first + 1;
      if (!anchors[first]) { bad("throw " + k + ": no anchor for the chain from throw " + first, k); slots.push([k, dice, false]); continue; }
      var s;
      try { s = unhex(t.s, "s of throw " + k); } catch (e) { bad("throw " + k + ": " + e.message, k); slots.push([k, dice, false]); continue; }
      var known = seen[first] || [0, anchors[first]];
      var v = s;
      for (var j = 0; j < place - known[0]; j++) v = await sha256(v);
      if (!same(v, known[1])) {
        bad("throw " + k + ": SHA-256 applied " + (place - known[0]) + " times to s does not give the " + (known[0] === 0 ? "anchor" : "s of throw " + (first + known[0] - 1)), k);
        slots.push([k, dice, false]);
        continue;
      }
      seen[first] = [place, s];
      if (!Array.isArray(dice) || (dice.length !== 1 && dice.length !== 2)) { bad("throw " + k + ": dice " + JSON.stringify(dice), k); slots.push([k, dice, false]); continue; }
      var want = await diceOf(s, id, k, sx, so, dice.length, scheme);
      if (!same(want, dice)) { bad("throw " + k + ": dice " + dice.join("-") + ", but the HMAC gives " + want.join("-"), k); slots.push([k, dice, false]); continue; }
      slots.push([k, dice, true]);
    }
    if (Array.isArray(played)) {
      tie(played, slots, ruleset === "welsh", ruleset, ok, note, bad);
    } else if (played !== undefined && played !== null) {
      bad("played is not a list");
    } else {
      slots.forEach(function (sl) { if (sl[2]) ok("throw " + sl[0] + ": " + said(sl[1])); });
    }
    return { lines: lines, problems: problems, firstBad: firstBad, count: throws.length, ruleset: ruleset };
  }

  function report(r, verdictId, listId) {
    var verdict = document.getElementById(verdictId), list = document.getElementById(listId);
    list.textContent = "";
    r.lines.forEach(function (l) {
      var li = document.createElement("li");
      li.textContent = (l[0] === null ? "     " : l[0] ? "ok   " : "BAD  ") + l[1];
      if (l[0] === false) li.className = "bad";
      list.appendChild(li);
    });
    if (r.problems === 0) {
      verdict.textContent = "OK: all " + r.count + " throws follow from the anchor and the seeds, and the game's throws as played (a " + (r.ruleset === "welsh" ? "Welsh" : "standard") + " match) are these, one to one, in order.";
      verdict.className = "verdict ok";
    } else {
      verdict.textContent = "FAILED: " + r.problems + " problem" + (r.problems === 1 ? "" : "s") +
        (r.firstBad !== null ? "; the first throw that breaks is throw " + r.firstBad : "") + ".";
      verdict.className = "verdict bad";
    }
  }
  function failed(e, verdictId) {
    var verdict = document.getElementById(verdictId);
    verdict.textContent = "FAILED: " + e.message;
    verdict.className = "verdict bad";
  }

  if (!subtle) {
    failed(new Error("this browser offers no WebCrypto here (it needs an https:// address)"), "verdict");
    return;
  }
  var posted = main.dataset.anchor;
  fetch(main.dataset.export, { cache: "no-store" })
    .then(function (r) { if (!r.ok) throw new Error("the export cannot be read"); return r.json(); })
    .then(function (ex) {
      document.getElementById("paste").value = JSON.stringify(ex, null, 2);
      return verify(ex, posted);
    })
    .then(function (r) { report(r, "verdict", "checks"); })
    .catch(function (e) { failed(e, "verdict"); });
  document.getElementById("check").addEventListener("click", function () {
    var ex;
    try { ex = JSON.parse(document.getElementById("paste").value); }
    catch (e) { failed(new Error("the text is not JSON: " + e.message), "paste-verdict"); return; }
    verify(ex, posted)
      .then(function (r) { report(r, "paste-verdict", "paste-checks"); })
      .catch(function (e) { failed(e, "paste-verdict"); });
  });
})();
