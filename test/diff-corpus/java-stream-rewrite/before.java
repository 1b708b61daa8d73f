package people;

import java.util.ArrayList;
import java.util.List;

public class Directory {
    private final List<Person> people = new ArrayList<>();

    public void add(Person person) {
        people.add(person);
    }

    public List<String> adultNames() {
        List<String> names = new ArrayList<>();
        for (Person person : people) {
            if (person.age() >= 18) {
                names.add(person.name());
            }
        }
        return names;
    }

    public int size() {
        return people.size();
    }
}
