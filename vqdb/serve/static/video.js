// Video page: the player (fed by range requests) with the OCR boxes on screen drawn over it, and under it one
// lane per kind of evidence, aligned with the player's width; the transcript beside it highlights the word being said.
import {Timeline} from "./timeline.js";
import {api, clock, el, mediaUrl, number} from "./util.js";

export function transcriptPanel(segments, seek) {
  const words = [];
  const panel = el("div", {class: "transcript"}, segments.length ? segments.map((segment) => {
    const parts = segment.words?.length ? segment.words.map((w) => {
      const span = el("span", {class: "word", "data-start": w.start_s, onclick: () => seek(w.start_s)}, w.word, " ");
      words.push([w.start_s, w.end_s, span]);
      return span;
    }) : [segment.text];
    return el("p", {class: "segment"}, el("a", {class: "stamp", onclick: () => seek(segment.start_s)}, clock(segment.start_s)), " ", parts);
  }) : el("p", {class: "muted"}, "No speech transcribed."));
  let current = null;
  const highlight = (t) => {
    const found = words.find(([start, end]) => start <= t && t < end);
    const span = found ? found[2] : null;
    if (span === current) return;
    current?.classList.remove("now");
    span?.classList.add("now");
    current = span;
  };
  return {panel, highlight};
}

export function player(videoId) {
  return el("video", {class: "player", src: mediaUrl(videoId), controls: true, preload: "metadata", id: "player"});
}

// The OCR reads on screen at the player's time drawn over the picture, where they were read (boxes are 0..1 of
// the frame, and the frame is letterboxed inside the player); a checkbox turns them on and off.
export function ocrOverlay(media, boxes) {
  const layer = el("div", {class: "ocr-overlay", id: "ocr-overlay"});
  const stage = el("div", {class: "stage"}, media, layer);
  const toggle = el("input", {type: "checkbox", id: "ocr-boxes", checked: boxes.length > 0, disabled: !boxes.length});
  const pct = (x) => `${100 * x}%`;
  let drawn = "";  // what is drawn (the layout and the reads shown): redrawn only when that changes
  const draw = () => {
    layer.hidden = !toggle.checked || !media.videoWidth;
    if (layer.hidden) return;
    const scale = Math.min(media.clientWidth / media.videoWidth, media.clientHeight / media.videoHeight);
    const [width, height] = [media.videoWidth * scale, media.videoHeight * scale];
    const t = media.currentTime;
    const shown = boxes.filter((b) => b.from_s <= t && t < b.to_s);
    const now = [media.clientWidth, media.clientHeight, ...shown.map((b) => boxes.indexOf(b))].join();
    if (now === drawn) return;
    drawn = now;
    Object.assign(layer.style, {left: `${(media.clientWidth - width) / 2}px`, top: `${(media.clientHeight - height) / 2}px`,
      width: `${width}px`, height: `${height}px`});
    layer.replaceChildren(...shown.map(({box, text, confidence}) => el("div", {
      class: `ocr-box${box.y0 < 0.06 ? " label-below" : ""}`, title: `${text} (confidence ${number(confidence, 2)})`,
      style: {left: pct(box.x0), top: pct(box.y0), width: pct(box.x1 - box.x0), height: pct(box.y1 - box.y0)},
    }, el("span", {}, text))));
  };
  for (const event of ["timeupdate", "seeked", "loadedmetadata"]) media.addEventListener(event, draw);
  new ResizeObserver(draw).observe(media);
  toggle.addEventListener("change", draw);
  const reads = boxes.length ? ` OCR boxes (${boxes.length} reads)` : " no OCR boxes for this video";
  return {stage, control: el("label", {class: "player-tools"}, toggle, reads)};
}

export async function videoPage(main, videoId) {
  const video = await api(`/api/videos/${encodeURIComponent(videoId)}`);
  const media = player(video.video_id);
  const seek = (t) => { media.currentTime = t; };
  const {stage, control} = ocrOverlay(media, video.ocr_boxes);
  const left = el("section", {class: "card player-column"}, stage, control);
  const timeline = new Timeline(left, video.duration_s, seek);
  timeline.frames(video.video_id, video.frames);
  timeline.intervals("ocr", "on screen", video.lanes.ocr, "ocr");
  timeline.intervals("transcript", "speech", video.lanes.transcript, "speech");
  timeline.intervals("audio", "sounds", video.lanes.audio, "audio");
  timeline.intervals("subtitles", "subtitles", video.lanes.subtitles, "subtitle");
  timeline.follow(media);
  const {panel, highlight} = transcriptPanel(video.lanes.transcript, seek);
  media.addEventListener("timeupdate", () => highlight(media.currentTime));
  const facts = el("dl", {class: "facts"}, [
    ["duration", clock(video.duration_s)], ["size", video.width ? `${video.width}×${video.height}` : "–"],
    ["fps", number(video.fps, 2)], ["sampled", `${video.frames.length} frames at ${video.sample_fps} fps`],
    ["status", video.status], ["id", video.video_id],
  ].map(([k, v]) => [el("dt", {}, k), el("dd", {}, v)]));
  const errors = (video.errors || []).map((e) => el("div", {class: "bad-text small"}, e));
  const events = el("ol", {class: "events"}, [...video.lanes.ocr.map((x) => ["on screen", x]), ...video.lanes.audio.map((x) => ["sound", x]),
    ...video.lanes.subtitles.map((x) => ["subtitle", x])].sort((a, b) => a[1].start_s - b[1].start_s)
    .map(([kind, x]) => el("li", {onclick: () => seek(x.start_s)}, el("span", {class: "stamp"}, clock(x.start_s)),
      el("span", {class: `kind ${kind.replace(" ", "-")}`}, kind), x.text)));
  main.replaceChildren(
    el("div", {class: "page-head"}, el("h1", {}, video.file), el("a", {class: "muted", href: "/"}, "← all videos"),
      el("a", {class: "button", href: `/ask?video=${encodeURIComponent(video.video_id)}`}, "Ask about this video")),
    el("div", {class: "video-layout"}, left, el("aside", {class: "side"},
      el("section", {class: "card"}, el("h2", {}, "Transcript"), panel),
      el("section", {class: "card"}, el("h2", {}, "Details"), facts, errors),
      el("section", {class: "card"}, el("h2", {}, "Events"), events),
    )),
  );
}
