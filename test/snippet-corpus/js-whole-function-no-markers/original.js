import { fetchJson } from './http.js';

export async function loadUser(id) {
  return fetchJson(`/api/users/${id}`);
}

export function debounce(fn, wait) {
  var timer;
  return function () {
    var args = arguments;
    clearTimeout(timer);
    timer = setTimeout(function () {
      fn.apply(null, args);
    }, wait);
  };
}

export function formatDate(date) {
  return date.toISOString().slice(0, 10);
}
