// SQL page: a console over the corpus's read-only session, with a row limit and CSV / Parquet downloads; binary
// values that are images (JPEG, PNG...: the server sends them as data: URLs) shown as thumbnails.
import {api, el, showError, TOKEN} from "./util.js";

const EXAMPLES = [
  ["videos", "SELECT regexp_extract(path, '[^/]+$') AS file, round(duration_s, 2) AS duration_s, width, height, status\nFROM videos ORDER BY file"],
  ["on screen", "SELECT video_id, round(start_s, 2) AS start_s, round(end_s, 2) AS end_s, text, round(max_confidence, 2) AS conf\nFROM ocr_spans ORDER BY video_id, start_s"],
  ["speech", "SELECT video_id, round(start_s, 2) AS start_s, round(end_s, 2) AS end_s, text\nFROM transcript_segments ORDER BY video_id, start_s"],
  ["sounds", "SELECT label, count(*) AS events, round(max(max_score), 2) AS best\nFROM audio_events GROUP BY label ORDER BY best DESC"],
  ["frames", "SELECT video_id, count(*) AS frames, round(max(ts), 2) AS last_ts\nFROM frames GROUP BY video_id"],
  ["thumbnails", "SELECT regexp_extract(v.path, '[^/]+$') AS file, f.frame_idx, round(f.ts, 2) AS ts, f.jpeg\nFROM frames f JOIN videos v USING (video_id) ORDER BY file, f.ts LIMIT 24"],
];

export async function sqlPage(main) {
  const params = new URLSearchParams(location.search);
  const editor = el("textarea", {class: "sql-editor", id: "sql", spellcheck: "false"});
  editor.value = params.get("sql") || EXAMPLES[0][1];
  const limit = el("input", {type: "number", id: "limit", min: 1, max: 10000, value: 200, class: "narrow"});
  const status = el("span", {class: "muted", id: "sql-status"});
  const output = el("div", {class: "results", id: "results"});
  const csv = el("a", {class: "button ghost", id: "download-csv"}, "CSV");
  const parquet = el("a", {class: "button ghost", id: "download-parquet"}, "Parquet");
  const links = () => {
    for (const [link, fmt] of [[csv, "csv"], [parquet, "parquet"]]) {
      link.href = `/api/sql/download?format=${fmt}&token=${TOKEN}&sql=${encodeURIComponent(editor.value)}`;
    }
  };
  const run = async () => {
    showError("");
    status.textContent = "running…";
    links();
    try {
      const result = await api("/api/sql", {sql: editor.value, limit: Number(limit.value)});
      output.replaceChildren(resultTable(result));
      status.textContent = `${result.rows.length}${result.truncated ? "+" : ""} rows · ${result.ms.toFixed(1)} ms`
        + (result.images_left_out ? ` · ${result.images_left_out} more images shown by size (too many bytes to show; lower the row limit)` : "");
    } catch (err) {
      showError(err.message);
      status.textContent = "failed";
      output.replaceChildren();
    }
  };
  editor.addEventListener("keydown", (e) => { if ((e.ctrlKey || e.metaKey) && e.key === "Enter") run(); });
  const examples = el("div", {class: "examples"}, el("span", {class: "muted small"}, "examples:"),
    EXAMPLES.map(([name, sql]) => el("button", {class: "link", onclick: () => { editor.value = sql; run(); }}, name)));
  main.replaceChildren(
    el("div", {class: "page-head"}, el("h1", {}, "SQL"), el("span", {class: "muted"}, "read-only session · Ctrl+Enter runs")),
    el("section", {class: "card"}, editor, el("div", {class: "toolbar"},
      el("button", {class: "button", id: "run-sql", onclick: run}, "Run"),
      el("label", {}, "row limit ", limit), status, el("span", {class: "spacer"}), "download all rows:", csv, parquet), examples),
    el("section", {class: "card"}, output),
  );
  await run();
}

// only an image's data: URL is ever a picture's source (never a link, a script or an SVG document)
const IMAGE_URL = /^data:image\/(jpeg|png|gif|webp);base64,[A-Za-z0-9+/=]+$/;

export function resultTable(result) {
  if (!result.columns.length) return el("p", {class: "muted"}, "The statement returned no result.");
  const images = new Map((result.images || []).filter(([, , url]) => IMAGE_URL.test(url)).map(([r, c, url]) => [`${r},${c}`, url]));
  const cell = (v, r, c) => {
    const image = images.get(`${r},${c}`);
    if (image) return el("img", {class: "cell-image", src: image, alt: `image, ${v}`, title: `${result.columns[c]}: ${v}`});
    return v === null ? el("span", {class: "null"}, "NULL") : typeof v === "object" ? JSON.stringify(v) : String(v);
  };
  return el("table", {class: "grid data"},
    el("thead", {}, el("tr", {}, result.columns.map((c, i) => el("th", {title: result.types[i]}, c, el("small", {}, result.types[i]))))),
    el("tbody", {}, result.rows.map((row, r) => el("tr", {}, row.map((v, c) => el("td", {class: typeof v === "number" ? "num" : ""}, cell(v, r, c)))))),
  );
}
