// A large linked structure (200,000 nodes) rebuilt 40 times: old generations become garbage as a whole.
public class AllocLinkedRebuild {
    static final class Node {
        final int id;
        Node next;
        int[] payload;
        Node(int id, Node next) { this.id = id; this.next = next; this.payload = new int[id % 4]; }
    }
    static Node build(int n, int seed) {
        Node head = null;
        for (int i = 0; i < n; i++) head = new Node(i ^ seed, head);
        return head;
    }
    public static void main(String[] args) {
        long check = 0;
        Node survivor = null;
        for (int round = 0; round < 40; round++) {
            Node head = build(200000, round);
            long s = 0;
            int len = 0;
            for (Node n = head; n != null; n = n.next) { s += n.id + n.payload.length; len++; }
            check = check * 31 + s + len;
            if (round % 10 == 0) {
                Node tail = head;
                for (int k = 0; k < 10; k++) tail = tail.next;
                tail.next = survivor;          // keep a short prefix from this round alive
                survivor = head;
            }
        }
        int sl = 0;
        for (Node n = survivor; n != null; n = n.next) sl++;
        System.out.println("check " + check + " survivors " + sl);
    }
}
