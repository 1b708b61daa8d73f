/// Lengths of the whitespace-separated words, in order.
pub fn word_lengths(text: &str) -> Vec<usize> {
    text.split_whitespace().map(str::len).collect()
}

/// The longest word; the first one wins a tie.
pub fn longest(text: &str) -> Option<&str> {
    let mut best: Option<&str> = None;
    for word in text.split_whitespace() {
        match best {
            Some(b) if b.len() >= word.len() => {}
            _ => best = Some(word),
        }
    }
    best
}
