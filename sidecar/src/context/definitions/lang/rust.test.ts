import { describe, expect, it } from 'vitest';
import { definitionsOf, where } from '../projectFixture.js';
import { modulePath } from './rust.js';

describe('Rust definitions', () => {
  it('resolves use crate:: paths, use lists with aliases, and mod declarations, with impl blocks joined to their type', async () => {
    const items = await definitionsOf(
      {
        'Cargo.toml': '[package]\nname = "shop"\n',
        'src/lib.rs': 'pub mod returns;\n',
        'src/returns.rs': 'mod policy;\nuse crate::returns::policy::{ReturnPolicy, check as check_order};\n\npub fn create(p: &ReturnPolicy) -> bool {\n    check_order(p) && policy::allowed()\n}\n',
        'src/returns/policy.rs':
          '/// Decides whether an order may be returned.\n#[derive(Debug)]\npub struct ReturnPolicy {\n    pub max_days: u32,\n}\n\nimpl ReturnPolicy {\n    /// Fails when the order may not be returned.\n    pub fn assert_can_return(&self, id: &str) -> Result<(), String> {\n        Ok(())\n    }\n}\n\npub fn check(p: &ReturnPolicy) -> bool {\n    p.max_days > 0\n}\n\npub fn allowed() -> bool { true }\n',
      },
      'src/returns.rs',
      { startLine: 3, endLine: 6 },
    );
    expect(where(items)).toEqual(['ReturnPolicy @ src/returns/policy.rs', 'check @ src/returns/policy.rs', 'allowed @ src/returns/policy.rs']);
    expect(items[0].text).toBe(
      '/// Decides whether an order may be returned.\n#[derive(Debug)]\npub struct ReturnPolicy {\n    pub max_days: u32,\n}\nimpl ReturnPolicy {\n    /// Fails when the order may not be returned.\n    pub fn assert_can_return(&self, id: &str) -> Result<(), String> { … }\n}',
    );
  });

  it('resolves super:: from a mod.rs module and leaves other crates alone', async () => {
    const items = await definitionsOf(
      {
        'Cargo.toml': '[package]\nname = "x"\n',
        'src/main.rs': 'mod a;\npub trait Shape {\n    fn area(&self) -> f64;\n}\n',
        'src/a/mod.rs': 'use super::Shape;\nuse serde::Serialize;\n\nfn f(s: &dyn Shape) -> f64 { s.area() }\n',
      },
      'src/a/mod.rs',
      { startLine: 3, endLine: 4 },
    );
    expect(where(items)).toEqual(['Shape @ src/main.rs']);
  });

  it('names a file by its module path', () => {
    expect(modulePath('/c/src', '/c/src/lib.rs')).toEqual([]);
    expect(modulePath('/c/src', '/c/src/a/b.rs')).toEqual(['a', 'b']);
    expect(modulePath('/c/src', '/c/src/a/mod.rs')).toEqual(['a']);
    expect(modulePath('/c/src', '/c/other.rs')).toBeNull();
  });
});
