// Ask page: question (+ options) -> plan, editable SQL, keyframe grid, per-call score lanes with the merged
// ranking and NMS picks, locate intervals on the timeline, the answer as it is: a moment for a "when" question,
// none with the reason why, a low-confidence mark when the answerer flags it, its evidence (each with its video's
// file when the answer spans videos) and how it was answered.
import {Timeline} from "./timeline.js";
import {api, clock, el, mediaUrl, number, showError, thumbUrl} from "./util.js";
import {player} from "./video.js";

const EXAMPLE = "when is the title 'Hello world' on screen?";

export async function askPage(main) {
  const params = new URLSearchParams(location.search);
  const corpus = await api("/api/corpus");
  const question = el("input", {type: "text", id: "question", class: "question", placeholder: EXAMPLE, value: params.get("q") || ""});
  const options = el("textarea", {id: "options", rows: 2, placeholder: "options for multiple choice, one per line (optional)"});
  const video = el("select", {id: "video"}, el("option", {value: ""}, "all videos"),
    corpus.videos.map((v) => el("option", {value: v.video_id, selected: v.video_id === params.get("video")}, v.file)));
  const k = el("input", {type: "number", id: "k", min: 1, max: 64, value: params.get("k") || 8, class: "narrow"});
  const button = el("button", {class: "button", id: "ask", type: "submit"}, "Ask");
  const form = el("form", {class: "card ask-form", onsubmit: (e) => { e.preventDefault(); submit(); }},
    el("div", {class: "ask-row"}, question, button),
    el("div", {class: "ask-row small"}, options, el("label", {}, "video ", video), el("label", {}, "keyframes ", k)),
  );
  const results = el("div", {id: "results"});
  main.replaceChildren(el("div", {class: "page-head"}, el("h1", {}, "Ask"),
    el("span", {class: "muted"}, "plan → SQL → keyframes → answer, every step shown")), form, results);
  const view = new AskView(results);

  async function submit() {
    showError("");
    const text = question.value.trim() || EXAMPLE;
    question.value = text;
    button.disabled = true;
    button.textContent = "Asking…";
    const started = performance.now();
    try {
      const body = {question: text, k: Number(k.value), video: video.value || null,
        options: options.value.split("\n").map((o) => o.trim()).filter(Boolean)};
      const result = await api("/api/ask", body);
      result.timings.round_trip = performance.now() - started;
      view.show(result);
      view.answer(result.keyframes.length ? await api("/api/answer", {question: text, options: body.options,
        keyframes: result.keyframes, plan: result.plan, notes: result.notes}).catch((err) => ({error: err.message}))
        : {unanswered: result.notes.at(-1) ?? "retrieval found no keyframes"});
      history.replaceState(null, "", `/ask?q=${encodeURIComponent(text)}${video.value ? `&video=${video.value}` : ""}&k=${k.value}`);
    } catch (err) {
      showError(err.message);
    } finally {
      button.disabled = false;
      button.textContent = "Ask";
    }
  }
  if (params.get("q")) await submit();
}

class AskView {
  constructor(root) { this.root = root; }

  show(result) {
    this.result = result;
    const best = [...result.keyframes].sort((a, b) => (b.score ?? 0) - (a.score ?? 0) || a.merged_rank - b.merged_rank)[0];
    this.media = player(best ? best.video_id : Object.keys(result.videos)[0] || "");
    this.media.removeAttribute("src");
    this.videoId = null;
    this.timelineBox = el("div");
    this.tabs = el("div", {class: "tabs"});
    this.grid = el("div", {class: "keyframes", id: "keyframes"});
    this.sqlEditor = el("textarea", {class: "sql-editor", id: "plan-sql", spellcheck: "false"});
    this.sqlEditor.value = result.sql;
    this.sqlStatus = el("span", {class: "muted"});
    this.answerBox = el("section", {class: "card answer", id: "answer"}, el("h2", {}, "Answer"),
      el("p", {class: "muted"}, "answering from the keyframes…"), timingLine(result.timings));
    this.root.replaceChildren(
      el("div", {class: "ask-layout"},
        el("section", {class: "card player-column"}, this.tabs, this.media, this.timelineBox),
        el("aside", {class: "side"}, this.answerBox, planCard(result))),
      el("section", {class: "card"}, el("h2", {}, result.keyframes.some((kf) => kf.path) ? "Best moments of every video " : "Keyframes ",
        el("span", {class: "muted small"}, result.keyframes.some((kf) => kf.path)
          ? "best first, with what was read or said there · click to play from there"
          : "stored thumbnails, in time order · click to play from there")), this.grid),
      el("section", {class: "card"}, el("h2", {}, "Compiled SQL ", el("span", {class: "muted small"},
        "edit and run again (read-only session)")), this.sqlEditor,
        el("div", {class: "toolbar"}, el("button", {class: "button", id: "rerun", onclick: () => this.rerun()}, "Run SQL"), this.sqlStatus)),
    );
    this.render();
    if (best) this.select(best.video_id);
    else if (Object.keys(result.videos).length) this.select(Object.keys(result.videos)[0]);
  }

  render() {
    const {keyframes, videos} = this.result;
    this.grid.replaceChildren(...(keyframes.length ? keyframes.map((kf) => el("figure", {
      class: "keyframe", "data-ts": kf.ts, "data-video": kf.video_id, "data-frame": kf.frame_idx,
      onclick: () => this.play(kf.video_id, kf.ts),
    },
    el("img", {src: thumbUrl(kf.video_id, kf.frame_idx), alt: `keyframe at ${clock(kf.ts)}`}),
    el("figcaption", {}, el("b", {}, clock(kf.ts)), kf.merged_rank != null ? el("span", {class: "rank"}, `#${kf.merged_rank}`) : null,
      el("span", {class: "muted"}, videos[kf.video_id]?.file ?? kf.video_id),
      (kf.supporting_calls || []).map((c) => el("span", {class: "call-tag"}, c)),
      kf.evidence ? el("span", {class: "muted small evidence-text"}, kf.evidence) : null),
    )) : [el("p", {class: "muted"}, "No keyframes.")]));
    const ids = Object.keys(videos);
    this.tabs.replaceChildren(...(ids.length > 1 ? ids.map((id) => el("button", {
      class: `tab${id === this.videoId ? " active" : ""}`, "data-video": id, onclick: () => this.select(id),
    }, videos[id].file)) : []));
  }

  select(videoId) {
    if (videoId === this.videoId) return Promise.resolve();
    this.videoId = videoId;
    this.timeline?.remove();
    const info = this.result.videos[videoId] || {duration_s: 1};
    const loaded = new Promise((resolve) => this.media.addEventListener("loadedmetadata", resolve, {once: true}));
    this.media.src = mediaUrl(videoId);
    this.timeline = new Timeline(this.timelineBox, info.duration_s, (t) => { this.media.currentTime = t; });
    this.drawLanes(videoId);
    this.timeline.follow(this.media);
    this.render();
    return loaded;
  }

  async play(videoId, ts) {
    await this.select(videoId);
    this.media.currentTime = ts;
    this.media.scrollIntoView({block: "nearest", behavior: "smooth"});
  }

  drawLanes(videoId) {
    const {calls, lanes, intervals, keyframes} = this.result;
    const t = this.timeline;
    t.intervals("locate", "locate", intervals.filter((i) => i.video_id === videoId).map((i, n) => ({
      ...i, text: `#${n + 1}${i.score != null ? ` · ${Number(i.score).toFixed(2)}` : " · whole video"}`,
    })), "located");
    const lane = lanes.find((l) => l.video_id === videoId);
    if (lane) {
      const n = lane.n_frames;
      const height = (rank) => (rank == null ? 0 : 1 - (rank - 1) / n);
      for (const call of calls) {
        t.bars(`call-${call.id}`, `${call.id} ${call.tool}`, lane.frames.map((f) => {
          const c = f.calls[call.id] || {};
          return {ts: f.ts, value: height(c.rank),
            title: `${call.id} ${call.tool} '${call.query}' at ${clock(f.ts)}: ${c.rank == null ? "no evidence" : `rank ${c.rank}, score ${number(c.score, 3)}`}`};
        }), "call");
      }
      t.bars("merged", "merged", lane.frames.map((f) => ({ts: f.ts, value: height(f.merged_rank),
        title: `merged rank ${f.merged_rank} of ${n} at ${clock(f.ts)}`})), "merged");
    }
    t.markers("picks", "NMS picks", keyframes.filter((k) => k.video_id === videoId).map((k) => ({
      ts: k.ts, label: k.merged_rank != null ? `#${k.merged_rank}` : "●", title: `keyframe at ${clock(k.ts)}`,
    })), "pick");
  }

  answer(a) {
    const play = (videoId, ts) => this.play(videoId, ts);
    this.answerBox.replaceChildren(...answerParts(a, play).filter(Boolean), timingLine(this.result.timings, a.ms));
  }

  async rerun() {
    showError("");
    this.sqlStatus.textContent = "running…";
    try {
      const out = await api("/api/ask/sql", {sql: this.sqlEditor.value, calls: this.result.calls});
      Object.assign(this.result, {keyframes: out.keyframes, lanes: out.lanes,
        videos: {...this.result.videos, ...out.videos}});
      const current = this.videoId;
      this.videoId = null;
      await this.select(current && out.videos[current] ? current : out.keyframes[0]?.video_id ?? current);
      this.render();
      this.sqlStatus.textContent = `${out.keyframes.length} keyframes · ${out.timings.total.toFixed(1)} ms`;
      const {question, options, plan, notes} = this.result;
      this.answer(await api("/api/answer", {question, options, keyframes: out.keyframes, plan, notes})
        .catch((err) => ({error: err.message})));
    } catch (err) {
      showError(err.message);
      this.sqlStatus.textContent = "failed";
    }
  }
}

// the stages the server timed (a question over all videos is searched, one about a video retrieved and located)
const STAGES = [["plan", "plan"], ["search", "search"], ["retrieve", "retrieval"], ["locate", "locate"], ["lanes", "lanes"],
  ["total", "server"], ["round_trip", "round trip"]];

function timingLine(t, answerMs) {
  const stages = STAGES.filter(([key]) => t[key] != null).map(([key, name]) => `${name} ${t[key].toFixed(0)}`);
  return el("div", {class: "timings", id: "timings"},
    `${stages.join(" ms · ")} ms` + (answerMs != null ? ` · answer ${answerMs.toFixed(0)} ms` : ""));
}

function answerParts(a, play) {
  if (a.error) return [el("h2", {}, "Answer"), el("p", {class: "bad-text"}, a.error)];
  if (a.unanswered) return [el("h2", {}, "Answer"), el("div", {class: "answer-text none"}, "no answer"),
    el("p", {class: "reason", id: "answer-reason"}, a.unanswered)];
  const fileOf = (videoId) => a.videos?.[videoId]?.file ?? videoId;
  const spansVideos = new Set([...a.keyframes, ...a.evidence].map((x) => x.video_id)).size > 1;
  return [
    el("h2", {}, "Answer"),
    el("div", {class: "answer-head"}, answerText(a), a.low_confidence ? el("span", {class: "low-confidence", id: "low-confidence",
      title: "the answerer flags this answer as weak: see how it was answered, below"}, "low confidence") : null),
    a.interval ? locatedLine(a.interval, fileOf, play, Boolean(a.options?.length)) : null,
    a.answer == null ? el("p", {class: "reason", id: "answer-reason"}, a.reason ?? "the answerer gave no reason") : null,
    el("div", {class: "muted small", id: "answer-basis"},  // a confidence only where the answerer gives a number
      [a.confidence == null ? null : `confidence ${number(a.confidence, 2)}`, a.answerer, a.model].filter(Boolean).join(" · ")),
    a.options?.length ? el("ol", {class: "options", type: "A"}, a.options.map((o, i) =>
      el("li", {class: String.fromCharCode(65 + i) === a.answer ? "chosen" : ""}, o))) : null,
    el("h3", {}, `Evidence (${a.evidence.length})`),
    el("ul", {class: "evidence"}, a.evidence.map((e) => el("li", {"data-video": e.video_id},
      el("span", {class: `kind ${e.source}`}, e.source), el("span", {class: "stamp"}, `${clock(e.start_s)}–${clock(e.end_s)}`),
      spansVideos ? el("a", {class: "evidence-file", onclick: () => play(e.video_id, e.start_s)}, fileOf(e.video_id)) : null,
      " ", e.text))),
    a.answer_notes?.length ? el("details", {class: "answer-notes"}, el("summary", {}, "how it was answered"),
      el("ul", {class: "notes"}, a.answer_notes.map((n) => el("li", {}, n)))) : null,
  ];
}

// the answer itself: the option chosen, the moment located for a "when" question, the text read, or none
function answerText(a) {
  if (a.answer == null) return el("div", {class: "answer-text none"}, "no answer");
  if (a.options?.length) return el("div", {class: "answer-text"}, `${a.answer}: ${a.answer_text}`);
  if (a.interval) return el("div", {class: "answer-text"}, `${clock(a.interval.start_s)} – ${clock(a.interval.end_s)}`);
  return el("div", {class: "answer-text"}, a.answer_text ?? a.answer);
}

// the moment that answers a "when" question: in which video, how well located (and when, where the answer is an
// option); a click plays it
function locatedLine({video_id: videoId, start_s: start, end_s: end, score}, fileOf, play, withTimes) {
  return el("div", {class: "located", id: "answer-interval", "data-video": videoId, "data-start": start, "data-end": end},
    withTimes ? ["located ", el("b", {}, `${clock(start)}–${clock(end)}`), " "] : null, "in ",
    el("span", {class: "file"}, fileOf(videoId)),
    score != null ? el("span", {class: "muted"}, ` · score ${number(score, 3)}`) : null, " ",
    el("button", {class: "link", id: "play-answer", type: "button", onclick: () => play(videoId, start)}, "▶ play"));
}

function planCard(result) {
  return el("section", {class: "card"}, el("h2", {}, "Plan"),
    el("div", {class: "calls"}, result.calls.length ? result.calls.map((c) => el("div", {class: "call"},
      el("span", {class: "call-tag"}, c.id), el("b", {}, c.tool), " ", el("q", {}, c.query)))
      : el("span", {class: "muted"}, "no calls: frames sampled uniformly")),
    result.plan.combine ? el("div", {class: "small"}, "combine: ", el("code", {}, result.plan.combine)) : null,
    el("ul", {class: "notes"}, result.notes.map((n) => el("li", {}, n))),
    el("details", {}, el("summary", {}, "plan JSON"), el("pre", {class: "json", id: "plan-json"}, JSON.stringify(result.plan, null, 2))),
  );
}
