import { derefType } from "../Utils/derefType.js";
import type { ArrayType } from "./ArrayType.js";
import { BaseType } from "./BaseType.js";
import type { InferType } from "./InferType.js";
import { RestType } from "./RestType.js";

export class TupleType extends BaseType {
    private readonly types: readonly BaseType[];

    public constructor(types: readonly BaseType[]) {
        super();

        this.types = normalize(types);
    }

    public getId(): string {
        return `[${this.types.map((item) => item?.getId() ?? "never").join(",")}]`;
    }

    public getTypes(): readonly BaseType[] {
        return this.types;
    }
}

/** Spreads the members of rest elements that are tuples themselves (`[a, ...[b, c]]` → `[a, b, c]`). */
function normalize(types: readonly BaseType[]): BaseType[] {
    return types.flatMap((type) => {
        if (!(type instanceof RestType)) {
            return [type];
        }
        const inner = derefType(type.getType()) as ArrayType | InferType | TupleType;
        return inner instanceof TupleType ? normalize(inner.getTypes()) : [type];
    });
}
