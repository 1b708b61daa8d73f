import json


def save(path, records):
    with open(path, "w") as handle:
        for record in records:
            line = json.dumps(record, sort_keys=True)
            handle.write(line)
            handle.write("\n")


def load(path):
    with open(path) as handle:
        return [json.loads(line) for line in handle if line.strip()]
