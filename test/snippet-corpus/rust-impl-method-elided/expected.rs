use std::collections::HashMap;

#[derive(Debug, Default)]
pub struct WordCounter {
    counts: HashMap<String, usize>,
    total: usize,
}

impl WordCounter {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn add_text(&mut self, text: &str) {
        for word in text.split_whitespace() {
            let word: String = word
                .trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase();
            if word.is_empty() {
                continue;
            }
            *self.counts.entry(word).or_insert(0) += 1;
            self.total += 1;
        }
    }

    pub fn count(&self, word: &str) -> usize {
        self.counts.get(word).copied().unwrap_or(0)
    }

    pub fn total(&self) -> usize {
        self.total
    }
}
