use std::collections::HashMap;

pub struct Inventory {
    items: HashMap<String, u32>,
}

impl Inventory {
    pub fn remove(&mut self, name: &str, count: u32) -> bool {
        match self.items.get_mut(name) {
            Some(have) if *have >= count => {
                *have -= count;
                true
            }
            _ => false,
        }
    }

    pub fn add(&mut self, name: &str, count: u32) {
        *self.items.entry(name.to_string()).or_insert(0) += count;
    }

    pub fn new() -> Self {
        Inventory { items: HashMap::new() }
    }

    pub fn count(&self, name: &str) -> u32 {
        self.items.get(name).copied().unwrap_or(0)
    }
}
