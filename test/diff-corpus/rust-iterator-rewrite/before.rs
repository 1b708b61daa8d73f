pub fn word_lengths(text: &str) -> Vec<usize> {
    let mut out = Vec::new();
    for word in text.split_whitespace() {
        if word.len() > 0 {
            out.push(word.len());
        }
    }
    out
}

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
