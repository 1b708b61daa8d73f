use std::num::ParseIntError;

#[derive(Debug, PartialEq)]
pub enum PairError {
    Shape,
    Number(ParseIntError),
}

pub fn parse_pair(s: &str) -> Result<(i32, i32), PairError> {
    let (a, b) = s.split_once(',').ok_or(PairError::Shape)?;
    let parse = |t: &str| t.trim().parse::<i32>().map_err(PairError::Number);
    Ok((parse(a)?, parse(b)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_rejects() {
        assert_eq!(parse_pair("1, 2"), Ok((1, 2)));
        assert_eq!(parse_pair("1"), Err(PairError::Shape));
        assert!(matches!(parse_pair("1,x"), Err(PairError::Number(_))));
    }
}
