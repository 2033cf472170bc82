// Video page: the player (fed by range requests), and under it one lane per kind of evidence, aligned with
// the player's width; the transcript beside it highlights the word being said.
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

export async function videoPage(main, videoId) {
  const video = await api(`/api/videos/${encodeURIComponent(videoId)}`);
  const media = player(video.video_id);
  const seek = (t) => { media.currentTime = t; };
  const left = el("section", {class: "card player-column"}, media);
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
