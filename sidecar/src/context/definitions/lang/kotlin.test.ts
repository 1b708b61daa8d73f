import { describe, expect, it } from 'vitest';
import { definitionsOf, where } from '../projectFixture.js';

describe('Kotlin definitions', () => {
  it('finds an imported top-level property in any file of its package, then its type', async () => {
    const items = await definitionsOf(
      {
        'src/main/kotlin/com/acme/policy/Policies.kt': 'package com.acme.policy\n\n/** The shop-wide policy. */\nval returnPolicy: ReturnPolicy = DefaultPolicy()\n',
        'src/main/kotlin/com/acme/policy/ReturnPolicy.kt':
          'package com.acme.policy\n\ninterface ReturnPolicy {\n    /** Throws when the order may not be returned. */\n    fun assertCanReturn(orderId: String, requestedBy: String)\n}\n\nclass DefaultPolicy : ReturnPolicy {\n    override fun assertCanReturn(orderId: String, requestedBy: String) {\n        require(orderId.isNotEmpty())\n    }\n}\n',
        'src/main/kotlin/com/acme/returns/CreateReturn.kt': 'package com.acme.returns\n\nimport com.acme.policy.returnPolicy\n\nfun createReturn(orderId: String) {\n    returnPolicy.assertCanReturn(orderId, "me")\n}\n',
      },
      'src/main/kotlin/com/acme/returns/CreateReturn.kt',
      { startLine: 4, endLine: 7 },
    );
    expect(where(items)).toEqual(['returnPolicy @ src/main/kotlin/com/acme/policy/Policies.kt', 'ReturnPolicy @ src/main/kotlin/com/acme/policy/ReturnPolicy.kt']);
    expect(items[0].text).toBe('/** The shop-wide policy. */\nval returnPolicy: ReturnPolicy = DefaultPolicy()');
    expect(items[1].text).toBe('interface ReturnPolicy {\n    /** Throws when the order may not be returned. */\n    fun assertCanReturn(orderId: String, requestedBy: String)\n}');
  });

  it('finds same-package declarations without an import, and elides expression bodies and aliases', async () => {
    const items = await definitionsOf(
      {
        'src/main/kotlin/com/acme/Money.kt': 'package com.acme\n\nfun cents(amount: Double): Long = (amount * 100).toLong()\n',
        'src/main/kotlin/com/acme/Util.kt': 'package com.acme\n\nimport com.acme.Money as M\n\nfun total() = cents(2.5)\n',
      },
      'src/main/kotlin/com/acme/Util.kt',
      { startLine: 4, endLine: 5 },
    );
    expect(where(items)).toEqual(['cents @ src/main/kotlin/com/acme/Money.kt']);
    expect(items[0].text).toBe('fun cents(amount: Double): Long = …');
  });
});
