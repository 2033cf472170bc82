// Shared helpers: the JSON API, the error banner, DOM building and number formatting.

// The server's token, which it put in the page: requests that run work carry it (a page elsewhere has none).
export const TOKEN = document.querySelector('meta[name="vqdb-token"]').content;

export async function api(url, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: {"Content-Type": "application/json", "X-Vqdb-Token": TOKEN}, body: JSON.stringify(body),
  };
  let response;
  try {
    response = await fetch(url, init);
  } catch (err) {
    throw new Error(`the server did not answer (${err.message}); is vqdb serve still running?`);
  }
  const data = await response.json().catch(() => ({error: `the server answered ${response.status} without JSON`}));
  if (!response.ok || data.error) throw new Error(data.error || `HTTP ${response.status}`);
  return data;
}

export function showError(message) {
  const box = document.getElementById("error");
  box.textContent = message;
  box.hidden = !message;
}

// el("div", {class: "x", onclick: f}, child, "text", [more children])
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "style" && typeof value === "object") Object.assign(node.style, value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

export function clock(seconds) {
  if (seconds === null || seconds === undefined || !isFinite(seconds)) return "–";
  const m = Math.floor(seconds / 60);
  const s = seconds - 60 * m;
  return `${m}:${s.toFixed(2).padStart(5, "0")}`;
}

export function bytes(n) {
  if (n === null || n === undefined) return "missing";
  const units = ["B", "KB", "MB", "GB", "TB"];
  let i = 0;
  while (n >= 1024 && i < units.length - 1) { n /= 1024; i++; }
  return `${n.toFixed(i ? 1 : 0)} ${units[i]}`;
}

export function number(x, digits = 2) {
  return x === null || x === undefined ? "–" : Number(x).toFixed(digits);
}

export const thumbUrl = (videoId, frameIdx) => `/thumbs/${encodeURIComponent(videoId)}/${frameIdx}`;
export const mediaUrl = (videoId) => `/media/${encodeURIComponent(videoId)}`;
export const videoUrl = (videoId) => `/video/${encodeURIComponent(videoId)}`;
