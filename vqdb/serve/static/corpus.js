// Corpus page: every video with a thumbnail, duration, size, status, extraction status per extractor, errors.
import {api, bytes, clock, el, thumbUrl, videoUrl} from "./util.js";

function extractionChip(name, done) {
  if (!done) return el("span", {class: "chip off", title: `${name}: not run for this video`}, name);
  if (done.error) return el("span", {class: "chip bad", title: `${name}: ${done.error}`}, `${name} ✗`);
  const detail = `${name}: ${done.rows} rows in ${Number(done.seconds ?? 0).toFixed(1)} s${done.model ? ` · ${done.model}` : ""}`;
  return el("span", {class: done.rows ? "chip ok" : "chip none", title: detail}, name, el("b", {}, done.rows));
}

export async function corpusPage(main) {
  const corpus = await api("/api/corpus");
  const totalSeconds = corpus.videos.reduce((sum, v) => sum + (v.duration_s || 0), 0);
  const header = el("div", {class: "page-head"},
    el("h1", {}, "Corpus"),
    el("span", {class: "muted"}, `${corpus.videos.length} videos · ${clock(totalSeconds)} of video`),
  );
  const rows = corpus.videos.map((v) => el("tr", {"data-video": v.video_id},
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
    el("td", {class: "chips"}, corpus.extractors.map((name) => extractionChip(name, v.extractions[name]))),
    el("td", {class: "errors"}, (v.errors || []).map((e) => el("div", {}, e))),
  ));
  const table = el("table", {class: "grid videos"},
    el("thead", {}, el("tr", {}, ["", "video", "duration", "size", "resolution", "frames", "status", "extractors", "errors"]
      .map((h) => el("th", {}, h)))),
    el("tbody", {}, rows.length ? rows : el("tr", {}, el("td", {colspan: 9, class: "muted"},
      "No videos yet: vqdb ingest CORPUS VIDEO…"))),
  );
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
