export function slugify(title) {
  return title.toLowerCase().replace(/ /g, "-");
}

export function truncate(text, max) {
  if (text.length > max) {
    return text.slice(0, max) + "...";
  }
  return text;
}
