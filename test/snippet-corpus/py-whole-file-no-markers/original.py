def read_scores(path):
    scores = {}
    f = open(path)
    for line in f.readlines():
        name, score = line.split(",")
        scores[name] = int(score)
    f.close()
    return scores


def best(scores):
    top = None
    for name in scores:
        if top == None or scores[name] > scores[top]:
            top = name
    return top
