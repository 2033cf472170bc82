// Corpus page: every video with a thumbnail, duration, size, status, what each extractor found, errors; the
// table sorts by a column (click its header) and filters by what is typed (both kept in the page's URL).
import {api, bytes, clock, el, thumbUrl, videoUrl} from "./util.js";

// the sortable columns: header, the value a video sorts by, the header's class
const COLUMNS = [
  ["video", (v) => v.file.toLowerCase(), ""],
  ["duration", (v) => v.duration_s, "num"],
  ["size", (v) => v.size_bytes, "num"],
  ["resolution", (v) => (v.width ?? 0) * (v.height ?? 0), "num"],
  ["frames", (v) => v.n_frames ?? 0, "num"],
  ["status", (v) => v.status, ""],
];

const plural = (n, unit) => `${n} ${unit}${n === 1 ? "" : "s"}`;

function extractionChip(name, done, count, corpus, video) {
  if (!done && corpus.visual_extractors.includes(name) && !corpus.visual_model) {
    return el("span", {class: "chip nomodel", title: `${name}: this corpus has no visual model. Set embed_model `
      + `(VQDB_EMBED_MODEL or vqdb.toml) to a SigLIP/CLIP hub id or local directory, then run: vqdb ingest `
      + `${corpus.root} ${video.path} --only embed,regions`}, `${name} · no model`);
  }
  if (!done) return el("span", {class: "chip off", title: `${name}: not run for this video`}, `${name} · not run`);
  if (done.error) return el("span", {class: "chip bad", title: `${name}: ${done.error}`}, `${name} ✗`);
  const found = count ? plural(count.n, count.unit) : "nothing found";
  const detail = `${name}: ${found}; ${done.rows} rows written in ${Number(done.seconds ?? 0).toFixed(1)} s`
    + (done.model ? ` · ${done.model}` : "");
  return el("span", {class: count?.n ? "chip ok" : "chip none", title: detail}, `${name} · ${found}`);
}

function videoRow(v, corpus) {
  return el("tr", {"data-video": v.video_id},
    el("td", {class: "thumb-cell"}, el("a", {href: videoUrl(v.video_id)},
      v.n_frames ? el("img", {class: "thumb", src: thumbUrl(v.video_id, v.thumb_frame), alt: v.file, loading: "lazy"})
        : el("div", {class: "thumb blank"}, "no frames"))),
    el("td", {}, el("a", {class: "file", href: videoUrl(v.video_id)}, v.file),
      el("div", {class: "muted small mono"}, v.video_id)),
    el("td", {class: "num"}, clock(v.duration_s)),
    el("td", {class: "num"}, v.size_bytes == null ? el("span", {class: "bad-text", title: v.path}, "missing") : bytes(v.size_bytes)),
    el("td", {class: "num"}, v.width ? `${v.width}×${v.height}` : "–", el("div", {class: "muted small"},
      [v.video_codec, v.audio_codec].filter(Boolean).join(" + "))),
    el("td", {class: "num"}, v.n_frames ?? 0, el("div", {class: "muted small"}, `${v.sample_fps ?? "–"} fps`)),
    el("td", {}, el("span", {class: `status ${v.status}`}, v.status)),
    el("td", {class: "chips"}, corpus.extractors.map((name) => extractionChip(name, v.extractions[name], v.counts[name], corpus, v))),
    el("td", {class: "errors"}, (v.errors || []).map((e) => el("div", {}, e))),
  );
}

// what the filter box matches: the file name, id, status, codecs and errors
const searchable = (v) => [v.file, v.video_id, v.status, v.video_codec, v.audio_codec, ...(v.errors || [])].join("\n").toLowerCase();

function compare(key, descending) {
  const [, value] = COLUMNS.find(([name]) => name === key) || COLUMNS[0];
  const order = (x, y) => {
    if (x == null || y == null) return (x == null) - (y == null);  // unknown values (a missing file) last, either way
    return (x < y ? -1 : x > y ? 1 : 0) * (descending ? -1 : 1);
  };
  return (a, b) => order(value(a), value(b)) || a.file.localeCompare(b.file);
}

export async function corpusPage(main) {
  const corpus = await api("/api/corpus");
  const params = new URLSearchParams(location.search);
  const state = {sort: params.get("sort") || "video", descending: params.get("order") === "desc", filter: params.get("filter") || ""};
  const totalSeconds = corpus.videos.reduce((sum, v) => sum + (v.duration_s || 0), 0);
  const shown = el("span", {class: "muted", id: "videos-shown"});
  const filter = el("input", {type: "search", id: "filter", class: "filter", value: state.filter,
    placeholder: "filter: file name, status, codec, error", "aria-label": "filter the videos"});
  const body = el("tbody");
  const heads = COLUMNS.map(([name, , kind]) => el("th", {"data-sort": name, class: `sortable ${kind}`, title: `sort by ${name}`,
    onclick: () => {
      state.descending = state.sort === name ? !state.descending : false;
      state.sort = name;
      draw();
    }}, name));
  const rows = new Map(corpus.videos.map((v) => [v.video_id, videoRow(v, corpus)]));

  function draw() {
    const words = state.filter.toLowerCase().split(/\s+/).filter(Boolean);
    const kept = corpus.videos.filter((v) => words.every((w) => searchable(v).includes(w)))
      .sort(compare(state.sort, state.descending));
    body.replaceChildren(...(kept.length ? kept.map((v) => rows.get(v.video_id)) : [el("tr", {}, el("td", {colspan: 9, class: "muted"},
      corpus.videos.length ? `No video matches “${state.filter}”.` : "No videos yet: vqdb ingest CORPUS VIDEO…"))]));
    for (const th of heads) {
      th.setAttribute("aria-sort", th.dataset.sort === state.sort ? (state.descending ? "descending" : "ascending") : "none");
    }
    shown.textContent = kept.length === corpus.videos.length ? "" : `${kept.length} of ${corpus.videos.length} shown`;
    const query = new URLSearchParams();
    if (state.sort !== "video") query.set("sort", state.sort);
    if (state.descending) query.set("order", "desc");
    if (state.filter) query.set("filter", state.filter);
    history.replaceState(null, "", `/${String(query) ? `?${query}` : ""}`);
  }
  filter.addEventListener("input", () => { state.filter = filter.value; draw(); });

  const header = el("div", {class: "page-head"},
    el("h1", {}, "Corpus"),
    el("span", {class: "muted"}, `${corpus.videos.length} videos · ${clock(totalSeconds)} of video`), shown,
    filter,
  );
  const table = el("table", {class: "grid videos"},
    el("thead", {}, el("tr", {}, el("th", {}), heads, ["extractors", "errors"].map((h) => el("th", {}, h)))),
    body,
  );
  draw();
  const tables = el("table", {class: "grid compact"},
    el("thead", {}, el("tr", {}, el("th", {}, "table"), el("th", {class: "num"}, "rows"), el("th", {class: "num"}, "on disk"))),
    el("tbody", {}, corpus.tables.map((t) => el("tr", {},
      el("td", {class: "mono"}, t.table), el("td", {class: "num"}, t.rows.toLocaleString()), el("td", {class: "num"}, bytes(t.bytes))))),
  );
  main.replaceChildren(header, el("div", {class: "corpus-layout"},
    el("section", {class: "card"}, table),
    el("aside", {class: "card"}, el("h2", {}, "Tables"), tables),
  ));
}
