// Static nested classes, private members across nested classes, nested generics.
public class StaticNested {
    private static int hidden = 7;
    private int inst = 3;

    static class Node<T> {
        final T value;
        Node<T> next;
        Node(T v, Node<T> n) { value = v; next = n; }
    }
    static class Stack<T> {
        private Node<T> top;
        private int size;
        void push(T v) { top = new Node<T>(v, top); size++; }
        T pop() { T v = top.value; top = top.next; size--; return v; }
        boolean isEmpty() { return top == null; }
    }
    static class Peeker {
        private final int secret;
        private Peeker(int s) { secret = s; }
        static int peek(StaticNested o) { return o.inst + hidden; }
    }
    static class Level1 {
        static class Level2 {
            static class Level3 {
                static String where() { return "deep " + hidden; }
            }
        }
    }
    public static void main(String[] args) {
        Stack<String> s = new Stack<String>();
        for (String w : new String[] {"one", "two", "three"}) s.push(w);
        StringBuilder sb = new StringBuilder();
        while (!s.isEmpty()) sb.append(s.pop()).append(' ');
        System.out.println(sb.toString().trim() + " size=" + s.size);
        Peeker p = new Peeker(99);
        System.out.println(p.secret + " " + Peeker.peek(new StaticNested()));
        hidden = 8;
        System.out.println(Level1.Level2.Level3.where());
        Stack<Integer> ints = new Stack<Integer>();
        for (int i = 0; i < 1000; i++) ints.push(i);
        long t = 0;
        while (!ints.isEmpty()) t += ints.pop();
        System.out.println("total " + t);
    }
}
