use std::fs;

pub fn parse_port(text: &str) -> u16 {
    text.trim().parse().unwrap()
}

pub fn read_port(path: &str) -> u16 {
    let text = fs::read_to_string(path).unwrap();
    parse_port(&text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_port() {
        assert_eq!(parse_port(" 8080\n"), 8080);
    }
}
