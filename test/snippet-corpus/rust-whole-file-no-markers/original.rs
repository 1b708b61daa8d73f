pub fn parse_pair(s: &str) -> Option<(i32, i32)> {
    let parts: Vec<&str> = s.split(',').collect();
    if parts.len() != 2 {
        return None;
    }
    let a = parts[0].parse().unwrap();
    let b = parts[1].parse().unwrap();
    Some((a, b))
}
