export function debounce(fn, wait) {
	let timer = null;
	return function (...args) {
		clearTimeout(timer);
		timer = setTimeout(() => {
			timer = null;
			fn.apply(this, args);
		}, wait);
	};
}

export function throttle(fn, wait) {
	let last = 0;
	return function (...args) {
		const now = Date.now();
		if (now - last >= wait) {
			last = now;
			fn.apply(this, args);
		}
	};
}
