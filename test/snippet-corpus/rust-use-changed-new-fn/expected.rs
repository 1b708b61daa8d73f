use std::cmp::Reverse;
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
        for word in text.split(' ') {
            *self.counts.entry(word.to_string()).or_insert(0) += 1;
            self.total += 1;
        }
    }

    pub fn count(&self, word: &str) -> usize {
        self.counts.get(word).copied().unwrap_or(0)
    }

    pub fn total(&self) -> usize {
        self.total
    }

    pub fn top(&self, n: usize) -> Vec<(&str, usize)> {
        let mut words: Vec<(&str, usize)> = self.counts.iter().map(|(w, c)| (w.as_str(), *c)).collect();
        words.sort_by_key(|&(w, c)| (Reverse(c), w));
        words.truncate(n);
        words
    }
}
