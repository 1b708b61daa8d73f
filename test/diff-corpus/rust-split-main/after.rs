use std::env;
use std::fs;

struct Counts {
    lines: usize,
    words: usize,
}

fn count(text: &str) -> Counts {
    let mut lines = 0;
    let mut words = 0;
    for line in text.lines() {
        lines += 1;
        words += line.split_whitespace().count();
    }
    Counts { lines, words }
}

fn main() {
    let args: Vec<String> = env::args().collect();
    if args.len() < 2 {
        eprintln!("usage: count FILE");
        std::process::exit(2);
    }
    let text = fs::read_to_string(&args[1]).expect("cannot read file");
    let counts = count(&text);
    println!("{} lines, {} words", counts.lines, counts.words);
}
