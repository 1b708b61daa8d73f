use std::fmt;
use std::fs;
use std::io;
use std::num::ParseIntError;

#[derive(Debug)]
pub enum PortError {
    Io(io::Error),
    Parse(ParseIntError),
}

impl fmt::Display for PortError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PortError::Io(e) => write!(f, "cannot read the port file: {e}"),
            PortError::Parse(e) => write!(f, "not a port number: {e}"),
        }
    }
}

pub fn parse_port(text: &str) -> Result<u16, PortError> {
    text.trim().parse().map_err(PortError::Parse)
}

pub fn read_port(path: &str) -> Result<u16, PortError> {
    let text = fs::read_to_string(path).map_err(PortError::Io)?;
    parse_port(&text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_port() {
        assert_eq!(parse_port(" 8080\n").unwrap(), 8080);
    }

    #[test]
    fn rejects_text() {
        assert!(parse_port("http").is_err());
    }
}
