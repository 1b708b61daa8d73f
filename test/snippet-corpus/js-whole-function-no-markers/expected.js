import { fetchJson } from './http.js';

export async function loadUser(id) {
  return fetchJson(`/api/users/${id}`);
}

export function debounce(fn, wait) {
  let timer;
  function debounced(...args) {
    clearTimeout(timer);
    timer = setTimeout(() => fn.apply(this, args), wait);
  }
  debounced.cancel = () => clearTimeout(timer);
  return debounced;
}

export function formatDate(date) {
  return date.toISOString().slice(0, 10);
}
