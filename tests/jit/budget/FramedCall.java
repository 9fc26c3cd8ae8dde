/** A growable stack whose push grows it on a rare path: tier 2 inlines push
 *  into main with grow() left a call made on top of the inlined frame
 *  (t21, -icall); it must charge the budget as the interpreter does. */
public class FramedCall {
    private int[] items = new int[2];
    private int size;
    private int grows;

    void push(int v) {
        if (size == items.length) {
            grow();
        }
        items[size++] = v;
    }

    private void grow() {
        int[] bigger = new int[items.length * 2];
        for (int i = 0; i < size; i++) {
            bigger[i] = items[i];
        }
        items = bigger;
        grows++;
    }

    public static void main(String[] args) {
        FramedCall s = new FramedCall();
        long sum = 0;
        for (int i = 0; i < 3000; i++) {
            s.push(i * 7);
            sum += s.size;
        }
        System.out.println(sum + " " + s.grows);
    }
}
