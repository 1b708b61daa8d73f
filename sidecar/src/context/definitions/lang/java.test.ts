import { describe, expect, it } from 'vitest';
import { definitionsOf, where } from '../projectFixture.js';

const POLICY = `package com.acme.policy;

/** Decides whether an order may be returned. */
public interface ReturnPolicy {
    /** Throws when the order may not be returned. */
    void assertCanReturn(String orderId, String requestedBy);
}
`;

const SERVICE = `package com.acme.returns;

import com.acme.policy.ReturnPolicy;
import static com.acme.policy.Checks.requireId;

public class CreateReturn {
    private final ReturnPolicy policy;

    public void create(ReturnRequest request) {
        requireId(request.orderId());
        policy.assertCanReturn(request.orderId(), "me");
    }
}
`;

describe('Java definitions', () => {
  it('resolves imports by package under the source root, static imports to their class, and same-package classes', async () => {
    const items = await definitionsOf(
      {
        'src/main/java/com/acme/policy/ReturnPolicy.java': POLICY,
        'src/main/java/com/acme/policy/Checks.java': 'package com.acme.policy;\n\npublic final class Checks {\n    public static String requireId(String id) {\n        if (id == null) throw new IllegalArgumentException();\n        return id;\n    }\n}\n',
        'src/main/java/com/acme/returns/ReturnRequest.java': 'package com.acme.returns;\n\npublic record ReturnRequest(String orderId, String reason) {}\n',
        'src/main/java/com/acme/returns/CreateReturn.java': SERVICE,
      },
      'src/main/java/com/acme/returns/CreateReturn.java',
      { startLine: 8, endLine: 12 },
    );
    expect(where(items)).toEqual([
      'ReturnRequest @ src/main/java/com/acme/returns/ReturnRequest.java',
      'Checks @ src/main/java/com/acme/policy/Checks.java',
    ]);
    expect(items[1].text).toBe('public final class Checks {\n    public static String requireId(String id) { … }\n}');
  });

  it('takes a field type used through the field: the imported interface with its Javadoc', async () => {
    const items = await definitionsOf(
      { 'src/main/java/com/acme/policy/ReturnPolicy.java': POLICY, 'src/main/java/com/acme/returns/CreateReturn.java': SERVICE },
      'src/main/java/com/acme/returns/CreateReturn.java',
      { startLine: 6, endLine: 7 },
    );
    expect(where(items)).toEqual(['ReturnPolicy @ src/main/java/com/acme/policy/ReturnPolicy.java']);
    expect(items[0].text).toBe(POLICY.slice(POLICY.indexOf('/**')).trimEnd());
  });

  it('finds a class of a module next door through a wildcard import', async () => {
    const items = await definitionsOf(
      {
        'billing/src/main/java/com/acme/money/Money.java': 'package com.acme.money;\n\npublic class Money {\n    public long cents() { return 0; }\n}\n',
        'app/src/main/java/com/acme/app/Main.java': 'package com.acme.app;\n\nimport com.acme.money.*;\n\nclass Main {\n    Money total;\n}\n',
      },
      'app/src/main/java/com/acme/app/Main.java',
      { startLine: 5, endLine: 6 },
    );
    expect(where(items)).toEqual(['Money @ billing/src/main/java/com/acme/money/Money.java']);
  });
});
