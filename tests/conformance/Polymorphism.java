// Dispatch through interfaces and class hierarchies (invokeinterface/invokevirtual), multiple interfaces.
import java.util.ArrayList;
import java.util.List;

public class Polymorphism {
    interface Named { String name(); }
    interface Sized { int size(); }
    interface Both extends Named, Sized { }
    static abstract class Item implements Both {
        public String toString() { return name() + "(" + size() + ")"; }
    }
    static class Box extends Item {
        final int n;
        Box(int n) { this.n = n; }
        public String name() { return "box"; }
        public int size() { return n; }
    }
    static class Bag extends Item {
        final List<Item> items = new ArrayList<Item>();
        public String name() { return "bag"; }
        public int size() { int s = 1; for (Item i : items) s += i.size(); return s; }
    }
    static class Label implements Named {
        public String name() { return "label"; }
    }
    static int total(Sized[] xs) { int t = 0; for (Sized s : xs) t += s.size(); return t; }

    public static void main(String[] args) {
        Bag bag = new Bag();
        bag.items.add(new Box(3));
        Bag inner = new Bag();
        inner.items.add(new Box(5));
        inner.items.add(new Box(7));
        bag.items.add(inner);
        Named[] names = {new Box(1), bag, new Label(), inner};
        for (Named n : names) System.out.println(n.name() + " " + (n instanceof Sized ? "sized" : "unsized"));
        Sized[] sizes = {new Box(2), bag};
        System.out.println("total " + total(sizes));
        System.out.println(bag + " " + inner);
        Both b = new Box(4);
        Named nb = b;
        Sized sb = b;
        System.out.println(nb.name() + sb.size());
        long acc = 0;
        Item[] items = {new Box(1), new Box(2), bag};
        for (int i = 0; i < 300000; i++) acc += items[i % 3].size();
        System.out.println("acc " + acc);
    }
}
