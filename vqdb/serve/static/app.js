// The page router: one shell (index.html) for every page; the path picks what fills <main>.
import {askPage} from "./ask.js";
import {corpusPage} from "./corpus.js";
import {sqlPage} from "./sql.js";
import {showError} from "./util.js";
import {videoPage} from "./video.js";

const routes = [
  [/^\/$/, "corpus", () => corpusPage],
  [/^\/video\/([^/]+)$/, "corpus", (m) => (main) => videoPage(main, decodeURIComponent(m[1]))],
  [/^\/ask$/, "ask", () => askPage],
  [/^\/sql$/, "sql", () => sqlPage],
];

async function start() {
  const main = document.getElementById("main");
  for (const [pattern, tab, page] of routes) {
    const match = location.pathname.match(pattern);
    if (!match) continue;
    document.querySelector(`nav a[data-page="${tab}"]`)?.classList.add("active");
    try {
      await page(match)(main);
    } catch (err) {
      showError(err.message);
      main.textContent = "";
    }
    document.body.dataset.ready = "true";
    return;
  }
  showError(`no page at ${location.pathname}`);
}

start();
