import argparse
import sys


def parse_args(argv):
    parser = argparse.ArgumentParser(description="Resize images in a folder.")
    parser.add_argument("folder")
    parser.add_argument("--width", type=int, default=800)
    return parser.parse_args(argv)


def resize_all(folder, width):
    from PIL import Image
    import pathlib

    for path in pathlib.Path(folder).glob("*.jpg"):
        with Image.open(path) as image:
            ratio = width / image.width
            image.resize((width, int(image.height * ratio))).save(path)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    resize_all(args.folder, args.width)


if __name__ == "__main__":
    main()
