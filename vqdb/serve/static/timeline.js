// A timeline under a player: a ruler, lanes of intervals, bars or markers on one time axis, and a playhead
// that follows the player. Clicking any item (or the ruler) seeks the player.
import {clock, el, thumbUrl} from "./util.js";

export class Timeline {
  constructor(container, duration, seek) {
    this.duration = Math.max(duration || 0, 0.001);
    this.seek = seek;
    this.root = el("div", {class: "timeline"});
    this.tracks = el("div", {class: "tracks"});
    this.playhead = el("div", {class: "playhead"});
    this.root.append(this.ruler(), this.tracks);
    this.tracks.append(this.playhead);
    container.append(this.root);
  }

  pct(t) { return `${(100 * Math.min(Math.max(t, 0), this.duration)) / this.duration}%`; }

  ruler() {
    const ruler = el("div", {class: "lane ruler"}, el("div", {class: "lane-label"}, "time"));
    const body = el("div", {class: "lane-body", onclick: (e) => this.seekAt(e, body)});
    const step = [0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600].find((s) => this.duration / s <= 12) || 1200;
    for (let t = 0; t <= this.duration + 1e-9; t += step) {
      body.append(el("span", {class: "tick", style: {left: this.pct(t)}}, clock(t).replace(/\.00$/, "")));
    }
    ruler.append(body);
    return ruler;
  }

  seekAt(event, body) {
    const box = body.getBoundingClientRect();
    this.seek(((event.clientX - box.left) / box.width) * this.duration);
  }

  lane(name, label, extraClass = "") {
    const body = el("div", {class: "lane-body"});
    const lane = el("div", {class: `lane ${extraClass}`, "data-lane": name}, el("div", {class: "lane-label", title: label}, label), body);
    this.tracks.insertBefore(lane, this.playhead);
    return body;
  }

  // Intervals [{start_s, end_s, text, score}] as labelled boxes; overlapping ones stack in rows.
  intervals(name, label, items, kind) {
    const body = this.lane(name, `${label} (${items.length})`);
    if (!items.length) body.append(el("span", {class: "empty"}, "none"));
    const rowEnds = [];
    for (const item of [...items].sort((a, b) => a.start_s - b.start_s)) {
      let row = rowEnds.findIndex((end) => end <= item.start_s);
      if (row < 0) row = rowEnds.push(0) - 1;
      rowEnds[row] = item.end_s;
      const width = Math.max(((item.end_s - item.start_s) / this.duration) * 100, 0.6);
      const title = `${clock(item.start_s)}–${clock(item.end_s)}  ${item.text ?? ""}${item.score != null ? `  (${Number(item.score).toFixed(2)})` : ""}`;
      body.append(el("div", {
        class: `item ${kind}`, title, style: {left: this.pct(item.start_s), width: `${width}%`, top: `${3 + 21 * row}px`},
        "data-start": item.start_s, onclick: () => this.seek(item.start_s),
      }, item.text ?? ""));
    }
    body.style.minHeight = `${Math.max(rowEnds.length, 1) * 21 + 4}px`;
    return body;
  }

  // The sampled frames as small thumbnails at their timestamps.
  frames(videoId, frames) {
    const body = this.lane("frames", `frames (${frames.length})`, "frames");
    const every = Math.max(1, Math.ceil(frames.length / 60));
    frames.forEach((frame, i) => {
      if (i % every) return;
      body.append(el("img", {
        class: "strip", src: thumbUrl(videoId, frame.frame_idx), loading: "lazy", alt: `frame at ${clock(frame.ts)}`,
        title: `frame ${frame.frame_idx} at ${clock(frame.ts)}`, style: {left: this.pct(frame.ts)},
        "data-ts": frame.ts, onclick: () => this.seek(frame.ts),
      }));
    });
  }

  // Bars [{ts, value (0..1), title}] from the lane's bottom.
  bars(name, label, points, kind) {
    const body = this.lane(name, label, "bars");
    const width = Math.min(Math.max(50 / Math.max(points.length, 1), 0.4), 1.6);
    for (const point of points) {
      body.append(el("div", {
        class: `bar ${kind}`, title: point.title,
        style: {left: this.pct(point.ts), height: `${Math.max(point.value, 0.03) * 100}%`, width: `${width}%`},
        onclick: () => this.seek(point.ts),
      }));
    }
    return body;
  }

  // Point markers [{ts, title, label}].
  markers(name, label, points, kind) {
    const body = this.lane(name, label);
    for (const point of points) {
      body.append(el("div", {
        class: `marker ${kind}`, title: point.title, style: {left: this.pct(point.ts)},
        onclick: () => this.seek(point.ts),
      }, point.label ?? ""));
    }
    return body;
  }

  setTime(t) { this.playhead.style.left = `calc(var(--label-width) + (100% - var(--label-width)) * ${Math.min(t / this.duration, 1)})`; }

  follow(player) {
    const tick = () => { this.setTime(player.currentTime || 0); this.frame = requestAnimationFrame(tick); };
    tick();
  }

  remove() { cancelAnimationFrame(this.frame); this.root.remove(); }
}
